import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import type { PickedCustomer } from './customer-pick';

/** What the quick booking hands the full wizard: what was chosen or typed so far. */
export interface CarriedBooking {
  customer?: PickedCustomer | null;
  /** a new customer's name and phone as typed */
  newCustomer?: { fname: string; lname: string; phone: string };
  serviceIds?: number[];
  /** people in the booking; more than 1 is a group */
  size?: number;
  note?: string;
}

/** Where the wizard starts: a clicked slot, the toolbar's Book button, Rebook, or the quick booking's full wizard. */
export interface WizardStart {
  date: string;
  staffId?: number;
  /** 'hh:mm am' */
  time?: string;
  rebookOf?: AppointmentView;
  carried?: CarriedBooking;
}

export interface BookingWizardProps {
  store: StoreView;
  /** null: closed. */
  start: WizardStart | null;
  onClose: () => void;
}
