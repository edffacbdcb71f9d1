import type { UserByEmailResponse } from '@turnbook/contracts';
import type { IdentityClient } from '../clients/identity-client';
import type { InvitationDoc, InvitationsRepository } from './repository';

/**
 * An invitation as the router loads it: with the account that signs in with the invited email (null while
 * none does). The route's policy lets only that account through; accepting makes it the employee.
 */
export interface InvitationRecord extends InvitationDoc {
  invitee: UserByEmailResponse['user'];
}

export interface InvitationLoaderDeps {
  invitations: Pick<InvitationsRepository, 'byId'>;
  identity: Pick<IdentityClient, 'userByEmail'>;
}

/**
 * The router's loader for 'invitation' records. The invitee is looked up by the invitation's email, as
 * sign-in looks accounts up (one account per email), so the record does not depend on who asks.
 */
export async function loadInvitation(d: InvitationLoaderDeps, id: string): Promise<InvitationRecord | null> {
  const inv = await d.invitations.byId(id);
  if (!inv) return null;
  return { ...inv, invitee: await d.identity.userByEmail(inv.email) };
}
