import { ONLINE_BOOKING, STAFF_ROLES } from '@turnbook/contracts/schemas/scheduling';

// Kept apart from ./model: importing these values loads the scheduling schemas (zod, luxon), which only
// the settings form needs.
export const STAFF_ROLE_NAMES = STAFF_ROLES;
/** 'none' is a value of its own (shown and saved as none), not ON. */
export const ONLINE_BOOKING_CHOICES = [...ONLINE_BOOKING];
