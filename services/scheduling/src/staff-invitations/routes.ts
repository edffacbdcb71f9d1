import type { Handlers } from '@turnbook/service-kit';
import { acceptInvitation, getInvitation, type AcceptInvitationDeps } from './accept-invitation';
import { pendingInvitations } from './list-invitations';

export function staffInvitationRoutes(d: AcceptInvitationDeps & { invitations: AcceptInvitationDeps['invitations'] & Parameters<typeof pendingInvitations>[0]['invitations'] }): Handlers {
  return {
    'GET staff-invitations/{storeId}': ({ params }) => pendingInvitations(d, params.storeId),
    'GET staff-invitation/{id}': ({ record }) => getInvitation(d, record),
    'POST staff-invitation/{id}/accept': ({ record }) => acceptInvitation(d, record),
  };
}
