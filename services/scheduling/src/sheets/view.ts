import { formatTime12, toMinutes } from '@turnbook/domain';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import type { SheetDoc } from './model';

const time = (v: string | null) => {
  const m = v == null ? null : toMinutes(v);
  return m == null ? null : formatTime12(m);
};

export function sheetView(s: SheetDoc): SheetView {
  return {
    id: s._id,
    storeId: s.storeId,
    customer_name: s.customer_name ?? '',
    customer_phone: s.customer_phone ?? '',
    service_by_customer: s.service_by_customer ?? '',
    staff_by_customer: s.staff_by_customer ?? '',
    date: s.date,
    arrived_time: time(s.arrived_time) ?? '12:00 am',
    appointment_id: s.appointment_id ?? null,
    checked: time(s.checked),
    staffId: s.staffId ?? '',
    staff_fname: s.staff_fname ?? '',
    nickname: s.nickname ?? null,
    userFname: s.userFname ?? null,
    note: s.note ?? '',
    created_at: new Date(s.created_at).toISOString(),
    updated_at: new Date(s.updated_at).toISOString(),
    party: s.party ? { id: s.party.id, size: s.party.size, index: s.party.index } : null,
    turnWeight: s.turnWeight ?? null,
  };
}
