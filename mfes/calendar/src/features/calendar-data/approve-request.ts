import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { api, hasCode } from '@turnbook/web-kit';
import { confirm } from '@turnbook/web-kit/ui';

type WriteAnswer = { appointment: AppointmentView };

/** The approve call's phone: the customer's 10 digits, or 'null' (none). */
export const approvePhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? digits : 'null';
};

/**
 * Approves an online request or keeps an appointment whose cancellation was asked. The server never
 * approves into an overlap unseen: it answers wouldOverlap naming it, which is shown here, and the call is
 * repeated with `overlaps=accept` only if the user says so. Null when they chose not to.
 */
export async function approveRequest(a: Pick<AppointmentView, 'id' | 'customerPhone' | 'status'>): Promise<WriteAnswer | null> {
  const params = { id: a.id, phone: approvePhone(a.customerPhone) };
  try {
    return await api.get('GET approveAppointment/{id}/{phone}', params);
  } catch (err) {
    if (!hasCode(err, 'wouldOverlap')) throw err;
    const verb = a.status === 'REQUEST CANCEL' ? 'Keep appointment' : 'Approve';
    const go = await confirm(`${(err as Error).message}. ${verb} anyway?`, { title: 'This would overlap', confirmLabel: `${verb} anyway`, cancelLabel: 'Back' });
    if (!go) return null;
    return api.get('GET approveAppointment/{id}/{phone}', params, { query: { overlaps: 'accept' } });
  }
}
