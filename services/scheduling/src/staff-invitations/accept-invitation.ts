import { MESSAGES } from '@turnbook/contracts';
import { AppError, notFound, type EventBus } from '@turnbook/service-kit';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import { employeeFromUser } from '../staff/add-staff';
import { staffUpdatedEvent } from '../staff/events';
import { AlreadyEmployee, type StaffRepository } from '../staff/repository';
import { employeeView } from '../staff/view';
import type { StoreRepository } from '../stores/repository';
import type { InvitationRecord } from './invitation-record';
import type { InvitationDoc, InvitationsRepository } from './repository';

export interface AcceptInvitationDeps {
  invitations: Pick<InvitationsRepository, 'markAccepted'>;
  stores: Pick<StoreRepository, 'byId'>;
  staff: StaffRepository;
  membership: Pick<MembershipPublisher, 'publish'>;
  bus: EventBus;
}

const isOpen = (inv: InvitationDoc) => inv.status === 'pending' && inv.expiresAt.getTime() > Date.now();

/** What the accept screen shows before the person accepts (the router let only them open it). */
export async function getInvitation(d: { stores: Pick<StoreRepository, 'byId'> }, inv: InvitationRecord) {
  const store = await d.stores.byId(inv.storeId);
  return {
    invitation: {
      id: inv._id,
      storeId: inv.storeId,
      storeName: store?.name ?? '',
      status: inv.status === 'accepted' ? ('accepted' as const) : isOpen(inv) ? ('pending' as const) : ('expired' as const),
      expiresAt: inv.expiresAt.toISOString(),
    },
  };
}

/**
 * The invited person accepts while signed in: only now do they become staff of the store, with their own
 * names and contact from identity and the PIN the owner chose.
 */
export async function acceptInvitation(d: AcceptInvitationDeps, inv: InvitationRecord) {
  // The router's policy let only the invitee through: the caller is this account.
  const user = inv.invitee!;
  if (!isOpen(inv)) throw new AppError('invitationClosed', MESSAGES.invitationClosed);
  const store = await d.stores.byId(inv.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);

  const doc = employeeFromUser(
    { storeId: inv.storeId, sortIndex: await d.staff.nextSortIndex(inv.storeId), pinHash: inv.pinHash },
    user,
  );
  let created;
  try {
    created = await d.staff.insert(doc, (saved) => [staffUpdatedEvent(d.bus, saved)]);
  } catch (err) {
    if (!(err instanceof AlreadyEmployee)) throw err;
    await d.invitations.markAccepted(inv._id, user.id);
    throw new AppError('employeeExisted', MESSAGES.employeeExisted);
  }
  await d.invitations.markAccepted(inv._id, user.id);
  await d.membership.publish(inv.storeId);
  return { employee: employeeView(created) };
}
