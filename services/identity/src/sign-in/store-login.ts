import { MESSAGES } from '@turnbook/contracts';
import { AppError } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { verifyPassword } from '../shared/passwords';

/** A store's own sign-in (kiosk / front desk): the token is bound to that one store. */
export async function storeLogin(d: Deps, input: { username: string; password: string }, ip: string) {
  const username = input.username.trim().toLowerCase();
  const account = `store:${username}`;
  await d.limiter.check(account, ip);

  const store = await d.storeAccounts.findByUsername(username);
  if (!(await verifyPassword(store?.passwordHash, input.password)) || !store) {
    await d.limiter.failed(account, ip);
    throw new AppError('unauthenticated', MESSAGES.invalidLogin);
  }
  await d.limiter.succeeded(account);

  const access_token = d.keys.sign({ sub: `store:${store._id}`, kind: 'store', role: 'store', storeId: store._id }, d.config.ACCESS_TOKEN_TTL);
  return { access_token, store: { id: store._id, permalink: store.permalink, ownerId: store.ownerId } };
}
