import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';


/** Where the wizard starts: a clicked slot, the toolbar's Book button, or Rebook of an appointment. */
export interface WizardStart {
  date: string;
  staffId?: number;
  /** 'hh:mm am' */
  time?: string;
  rebookOf?: AppointmentView;
}

export interface BookingWizardProps {
  store: StoreView;
  /** null: closed. */
  start: WizardStart | null;
  onClose: () => void;
}

export { BookingWizard } from './booking-wizard';
