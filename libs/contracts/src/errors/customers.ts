/** Error codes of the customers routes (code: HTTP status); see ./index.ts. */
export const CUSTOMERS_ERRORS = {
  /** POST customer from the booking page: another request holds this phone's claim for too long; try again. */
  customerClaimBusy: 409,
} as const satisfies Record<string, number>;

/** Texts of the customers answers that users read, each defined once (screens show them as they are). */
export const CUSTOMERS_MESSAGES = {
  customerNameRequired: 'Customer name cannot be empty',
  customerNotFound: 'Customer not found',
  tryAgain: 'Please try again',
  tooManyCustomerRequests: 'Too many requests for this phone or from this network.',
  useYourAccountPhone: 'Please use the phone number of your account',
  accountRequired: 'Please sign up or log in to book',
} as const;
