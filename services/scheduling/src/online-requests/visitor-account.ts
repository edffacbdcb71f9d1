import { MESSAGES } from '@turnbook/contracts';
import { isFreshGuestAccount } from '@turnbook/domain';
import { AppError, type Caller } from '@turnbook/service-kit';
import type { GuestAccount, IdentityClient } from '../clients/identity-client';

export interface VisitorAccountDeps {
  identity: Pick<IdentityClient, 'accountById'>;
}

/**
 * The account an online request (or its log entry) is made from, proved as the booking flow's public
 * POST customer proves it: the signed-in user, or without a token the account named by `userId` that was
 * registered in this flow (not verified, made within the hour). Anything else is 400 on `userId`.
 */
export async function visitorAccount(deps: VisitorAccountDeps, caller: Caller | undefined, userId: number | undefined): Promise<GuestAccount> {
  const signedIn = caller?.kind === 'user' && caller.userId != null;
  const id = signedIn ? caller.userId : userId;
  const refused = () => new AppError('validation', MESSAGES.accountRequired, 'userId');
  if (id == null) throw refused();
  const account = await deps.identity.accountById(id);
  if (!account || (!signedIn && !isFreshGuestAccount(account))) throw refused();
  return account;
}
