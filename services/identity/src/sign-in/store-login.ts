import type { BodyOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import { AppError } from '@turnbook/service-kit';
import { issueSession, type SessionDeps } from '../sessions/sessions';
import type { Hasher } from '@turnbook/service-kit/hashing';
import type { StoreAccountsRepository } from '../store-accounts/repository';
import type { SignInLimiter } from './rate-limit';

export interface StoreLoginDeps {
  storeAccounts: StoreAccountsRepository;
  limiter: SignInLimiter;
  passwords: Hasher;
  session: SessionDeps;
}

/** A store's own sign-in: the front desk, or in kiosk mode the door tablet; the token is bound to that one store. */
export async function storeLogin(d: StoreLoginDeps, input: BodyOf<'POST storeLogin'>, ip: string) {
  const username = input.username.trim().toLowerCase();
  const store = await d.storeAccounts.findByUsername(username);
  const kind = input.mode === 'kiosk' ? 'kiosk' : 'store';
  const signedIn = await d.limiter.attemptThen(`store:${username}`, ip, () => d.passwords.verify(store?.passwordHash, input.password), async () => {
    if (!store) throw new AppError('unauthenticated', MESSAGES.invalidLogin);
    return issueSession(d.session, { sub: `store:${store._id}`, kind, role: kind, storeId: store._id });
  });
  if (!signedIn.ok || !store) throw new AppError('unauthenticated', MESSAGES.invalidLogin);
  const { access_token, setCookie } = signedIn.value;
  return { answer: { access_token, store: { id: store._id, permalink: store.permalink, ownerId: store.ownerId } }, setCookie };
}
