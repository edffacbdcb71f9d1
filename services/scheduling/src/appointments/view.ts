import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import type { EmployeeDoc } from '../staff/model';
import { displayName } from '../staff/view';
import type { AppointmentDoc } from './model';

const iso = (d: Date | string | undefined) => (d instanceof Date ? d.toISOString() : d ? new Date(d).toISOString() : '');

export interface ViewOptions {
  /** the staff member of the appointment, for userFname / nickname */
  staff?: Pick<EmployeeDoc, 'nickname' | 'fname'> | null;
  /** the sale: managers on every appointment, staff on their own (docs/product/roles.md); staff names are not secret */
  showSale?: boolean;
}

/**
 * MODIFYING because the store suggested its time (docs/decisions.md): waiting for the customer. The
 * customer's own change afterwards (modifiedBy 0, online) is a request for the store again.
 */
export const isSuggested = (a: Pick<AppointmentDoc, 'status' | 'suggestedAt' | 'modifiedBy'>) => a.status === 'MODIFYING' && !!a.suggestedAt && a.modifiedBy !== 0;

export function appointmentView(a: AppointmentDoc, opts: ViewOptions = {}): AppointmentView {
  const show = opts.showSale ?? true;
  return {
    id: a._id,
    storeId: a.storeId,
    staffId: a.staffId,
    customerId: a.customerId,
    serviceIds: a.serviceIds,
    services: (a.services ?? []).filter(Boolean),
    date: a.date,
    start: a.start,
    end: a.end,
    startMin: a.startMin,
    endMin: a.endMin,
    note: a.note ?? '',
    status: a.status ?? 'ON',
    createdBy: a.createdBy ?? 0,
    modifiedBy: a.modifiedBy ?? 0,
    sale: show ? (a.sale ?? 0) / 100 : null,
    userFname: opts.staff ? displayName(opts.staff) : null,
    nickname: opts.staff ? opts.staff.nickname || null : null,
    customerFname: a.customerFname ?? '',
    customerLname: a.customerLname ?? '',
    customerPhone: a.customerPhone ?? '',
    customerEmail: a.customerEmail ?? '',
    customerStatus: a.customerStatus ?? '',
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    ...(isSuggested(a) ? { suggested: true } : {}),
    sheetId: a.sheetId ?? null,
    ...(a.cardOnFile ? { cardOnFile: a.cardOnFile } : {}),
  };
}
