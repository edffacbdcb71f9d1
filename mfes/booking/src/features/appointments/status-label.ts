import type { AppointmentStatus } from '@turnbook/contracts/schemas/appointments';

/** What a customer reads for a status; only 'Approved' is good news (shown green, the rest red). */
export function customerStatus(status: AppointmentStatus): { label: string; approved: boolean } {
  switch (status) {
    case 'APPROVED':
    case 'ON':
      return { label: 'Approved', approved: true };
    case 'REQUEST CANCEL':
      return { label: 'Cancel pending', approved: false };
    case 'CANCEL':
      return { label: 'Canceled', approved: false };
    default:
      return { label: 'Waiting for approval', approved: false };
  }
}

/** A customer may still change or cancel a request or appointment that is live. */
export const canChange = (status: AppointmentStatus) => status === 'PENDING' || status === 'MODIFYING' || status === 'APPROVED' || status === 'ON';
