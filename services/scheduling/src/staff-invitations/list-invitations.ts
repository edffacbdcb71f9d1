import type { InvitationsRepository } from './repository';

/** The store's pending invitations, for the staff list (the owner typed these emails). */
export async function pendingInvitations(d: { invitations: Pick<InvitationsRepository, 'pendingOfStore'> }, storeId: number) {
  const list = await d.invitations.pendingOfStore(storeId);
  return {
    invitations: list.map((i) => ({
      id: i._id,
      email: i.email,
      status: 'pending' as const,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}
