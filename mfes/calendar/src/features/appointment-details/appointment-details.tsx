import type { AppointmentDetailsProps } from './index';

// Replaced by the appointment details modal (issue 17 item 4).
export function AppointmentDetails(_props: AppointmentDetailsProps) {
  return null;
}
