export { QuickBooking } from './quick-booking';
export type { QuickSlot } from './quick-slot';
