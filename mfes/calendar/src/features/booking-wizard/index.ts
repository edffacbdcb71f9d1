export type { BookingWizardProps, CarriedBooking, WizardStart } from './props';
export { BookingWizard } from './booking-wizard';
