export type { AppointmentDetailsProps } from './props';
export { AppointmentDetails } from './appointment-details';
