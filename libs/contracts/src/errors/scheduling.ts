import { ONLINE_WINDOW_DAYS } from '@turnbook/domain/availability/online-window';

/** Error codes of the scheduling routes (code: HTTP status); see ./index.ts. */
export const SCHEDULING_ERRORS = {
  /** POST staff: the person is already staff of this store (answered as the text 'employee existed'). */
  employeeExisted: 409,
  /** POST staff, No path: the email already has an account (answered as the text 'has account'). */
  hasAccount: 409,
  /** POST staff, Yes path: no account has this email. */
  noAccountWithEmail: 404,
  /** POST store by anyone but a professional (or the super admin). */
  professionalOnly: 403,
  /** PATCH store/{id}: another store uses (or used) this permalink. */
  permalinkTaken: 409,
  /** updateEmployeePIN: the old PIN given does not match. */
  pinMismatch: 400,
  /** verifyStorePIN: the owner has not set the store's PIN yet. */
  storePinNotSet: 409,
  /** verifyStorePIN: the PIN given is not the store's. */
  storePinWrong: 403,
  /** A staff invitation opened by someone signed in with another email than the one invited. */
  invitationNotForYou: 403,
  /** A staff invitation already accepted, or expired. */
  invitationClosed: 409,
  /** PATCH appointment turning a day off into a customer's appointment (or a day-off use case given one). */
  dayOffOnly: 400,
  /** An online request for a time a staff member no longer has free (a unique claim was already held). */
  slotTaken: 409,
  /** A staff reschedule or edit (or a store's suggested time) outside the store's hours that weekday (ruling 5). */
  outsideHours: 409,
  /** A staff booking or move onto a staff member's weekly day off when they have nothing else that date (ruling 5). */
  staffDayOff: 409,
  /** approveAppointment on an appointment that is not waiting for the store (PENDING, MODIFYING, REQUEST CANCEL). */
  notARequest: 409,
  /** approveAppointment that would put the request over another live appointment, not yet confirmed (?overlaps=accept). */
  wouldOverlap: 409,
  /** PATCH sheet/{id}: a check-in of a sheet with an appointment names more than one staff member. */
  oneStaffForCheckIn: 400,
  /** A customer's modify or cancel of an appointment that is past, cancelled, waiting for a cancellation, or a walk-in. */
  notChangeableOnline: 409,
  /** A customer's accept of a store's suggested time that is no longer what the store suggests (withdrawn or moved). */
  suggestionChanged: 409,
  /** POST sheet: the appointment's first sign-in is still being written (the second waited for it in vain). */
  appointmentSigningIn: 409,
} as const satisfies Record<string, number>;

/** Texts of the scheduling answers that users read (or that the spec's client compares), each defined once. */
export const SCHEDULING_MESSAGES = {
  employeeExisted: 'employee existed',
  hasAccount: 'has account',
  noAccountWithEmail: 'No account with this email',
  professionalOnly: 'Only professionals can create stores',
  permalinkTaken: 'This permalink is already taken',
  usernameTaken: 'This username is already taken',
  pinMismatch: "PIN didn't match",
  storePinNotSet: "This store has no PIN yet: the owner sets it in the store's settings",
  storePinWrong: 'Wrong PIN',
  storePinThrottled: 'Too many wrong PINs. Please try again later.',
  dayOffOnly: 'A day off stays a day off (customerId 0, serviceIds 0): delete it and book an appointment instead.',
  dayOffInPast: 'A day off must be today or a later date',
  slotTaken: 'Sorry, this time was just taken. Please choose another time.',
  /** a staff booking or move that named the TBD placeholder (docs/product/records.md) */
  bookedUnassigned: 'Booked in the Unassigned column: "Next available" is not a staff member. Assign one from the calendar.',
  /** followed by the hours in words: ': open 10:00 am-6:00 pm on Mondays' */
  outsideHours: "This time is outside the store's hours",
  /** the booking page's own words for a date past the online window (mfes/booking dateProblem) */
  outsideOnlineWindow: `Please select a date within the next ${ONLINE_WINDOW_DAYS} days`,
  notARequest: 'This appointment is not waiting for approval',
  wouldOverlap: 'Approving this request would overlap another appointment of the same staff member:',
  storeNotFound: 'Store not found',
  /** The super admin's appointment migration, in words (admin Tools). */
  migrationStoreNotFound: 'There is no store with this id.',
  migrationSameStaff: 'The source and the destination must be two different staff members.',
  migrationSourceNotStaff: 'The source staff id is not a staff member of this store.',
  migrationDestNotStaff: 'The destination staff id is not a staff member of this store.',
  staffNotFound: 'Staff not found',
  invitationNotFound: 'Invitation not found',
  invitationNotForYou: 'This invitation was sent to another email. Sign in with the account of the email it was sent to.',
  invitationClosed: 'This invitation has already been accepted or has expired.',
  tooManyStaffAdds: 'Too many staff added in a short time. Please wait a while and try again.',
  oneStaffForCheckIn: 'Choose one staff member to check in a customer with an appointment.',
  sheetCheckedInElsewhere: 'This customer was just checked in on another screen.',
  sheetNotFound: 'Sign-in sheet not found',
  appointmentSigningIn: 'This appointment is being signed in on another screen.',
  turnNotFound: 'Turn list not found',
  appointmentNotFound: 'Appointment not found',
  appointmentBusy: 'This appointment is being changed on other screens. Please try again.',
  notChangeableOnline: 'This appointment can no longer be changed online. Please call the shop.',
  suggestionChanged: 'The store has changed its suggested time. Please refresh to see it.',
} as const;

/**
 * The words of `staffDayOff` (ruling 5), with the staff member and the weekday: 'Ana does not work on
 * Mondays. Choose another staff member or day.' (a function, so not among SCHEDULING_MESSAGES' texts).
 */
export const staffDayOffMessage = (name: string, weekday: string) => `${name} does not work on ${weekday}s. Choose another staff member or day.`;

export { ERROR_CODE_HEADER } from './error-code-header';
