import { isReservedColumn, ONLINE_COLUMN } from '../calendar-columns';

/** Statuses waiting for the store's answer: Approve (or 'Keep appointment') makes them APPROVED. */
export const APPROVABLE_STATUSES: readonly string[] = ['PENDING', 'MODIFYING', 'REQUEST CANCEL'];

/**
 * The status an edit leaves (001 §4, docs/product/statuses.md). The server decides it: a status the client
 * sends counts only as the cancel ('CANCEL') or the approve ('APPROVED' on a request) it asks for; any other
 * value is ignored. Then, when the edit names a staff member (the edit form, a reassignment, a drag across
 * columns): a real staff member gives ON, the Online column gives APPROVED to an approved or on appointment,
 * any other column keeps the status. A cancelled appointment stays cancelled, and a customer's cancellation
 * (REQUEST CANCEL) waits for the store's answer ('Accept cancellation' or 'Keep appointment').
 */
export function statusAfterEdit<S extends string>(current: S, edit: { staffId?: number; asked?: S }): S {
  if (current === 'CANCEL' || edit.asked === 'CANCEL') return 'CANCEL' as S;
  const status = edit.asked === 'APPROVED' && APPROVABLE_STATUSES.includes(current) ? ('APPROVED' as S) : current;
  if (edit.staffId === undefined || status === 'REQUEST CANCEL') return status;
  if (!isReservedColumn(edit.staffId)) return 'ON' as S;
  if (edit.staffId === ONLINE_COLUMN && (status === 'ON' || status === 'APPROVED')) return 'APPROVED' as S;
  return status;
}
