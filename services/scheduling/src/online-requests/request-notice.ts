import type { RequestNoticeResponse } from '@turnbook/contracts';
import { isDayOffRecord, ONLINE_COLUMN } from '@turnbook/domain';
import type { Handlers } from '@turnbook/service-kit';
import type { AppointmentRepository } from '../appointments/repository';
import { isWalkIn } from '../appointments/events';
import { isSuggested } from '../appointments/view';
import type { StaffRepository } from '../staff/repository';
import { displayName } from '../staff/view';
import type { StoreRepository } from '../stores/repository';

export interface RequestNoticeDeps {
  appointments: Pick<AppointmentRepository, 'byId'>;
  stores: Pick<StoreRepository, 'byId'>;
  staff: Pick<StaffRepository, 'byId'>;
}

/** What an online request's email tells ('GET internal/online-requests/{id}/notice'); null for anything else. */
export async function requestNotice(deps: RequestNoticeDeps, id: number): Promise<RequestNoticeResponse> {
  const a = await deps.appointments.byId(id);
  if (!a || isDayOffRecord(a) || isWalkIn(a) || a.accountId == null) return { notice: null };
  const [store, staff] = await Promise.all([deps.stores.byId(a.storeId), a.staffId === ONLINE_COLUMN ? null : deps.staff.byId(a.staffId)]);
  if (!store) return { notice: null };
  return {
    notice: {
      id: a._id,
      accountId: a.accountId,
      storeName: store.name,
      permalink: store.permalink,
      timezone: store.timezone || 'America/New_York',
      services: (a.services ?? []).filter((s) => s != null).map((s) => s.name),
      serviceDetails: (a.services ?? []).filter((s) => s != null).map((s) => ({ name: s.name, duration: s.duration, price: s.price })),
      staffName: staff && staff.storeId === a.storeId ? displayName(staff) : null,
      cancelledByCustomer: a.cancelledByCustomer === true,
      suggested: isSuggested(a),
      storeEmail: store.email ?? '',
      storeAddress: [store.street, store.city, [store.state, store.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    },
  };
}

/** The internal call messaging makes before it mails about an online request. */
export function requestNoticeRoutes(deps: RequestNoticeDeps): Handlers {
  return { 'GET internal/online-requests/{id}/notice': async ({ params }) => requestNotice(deps, params.id) };
}
