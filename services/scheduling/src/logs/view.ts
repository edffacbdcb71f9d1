import type { LogView } from '@turnbook/contracts/schemas/logs';
import type { LogDoc } from './model';

/** An entry as the caller reads it: `read` is whether this caller has read it. */
export function logView(l: LogDoc, callerUserId: number): LogView {
  const readBy = l.readBy ?? [];
  return {
    id: l._id,
    storeId: l.storeId,
    appointmentId: l.appointmentId,
    text: l.text ?? '',
    appointment_log: l.appointment_log ?? '',
    userIds: readBy.join(','),
    read: readBy.includes(callerUserId),
    createdBy: l.createdBy ?? 0,
    created_at: new Date(l.created_at).toISOString(),
  };
}
