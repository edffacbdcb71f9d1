import type { BookingWizardProps } from './index';

// Replaced by the booking wizard (issue 17 item 3).
export function BookingWizard(_props: BookingWizardProps) {
  return null;
}
