/** Error codes of the billing routes (code: HTTP status); see ./index.ts. */
export const BILLING_ERRORS = {
  /** subscribe: the card has insufficient funds (answered as the spec's text). */
  insufficientFunds: 402,
  /** subscribe: the card needs authentication the form cannot give (answered as the spec's text). */
  authenticationRequired: 402,
  /** subscribe: any other decline (answered as the issuer's message). */
  cardDeclined: 402,
  /** subscribe without a packageId when the store has no plan yet. */
  planRequired: 400,
  /** webhooks/stripe: no signature header, or one that does not verify; nothing is changed (as Twilio's webhook). */
  webhookSignature: 403,
  /** subscribe: the card provider could not be reached or refused the call for a reason not about the card. */
  paymentProviderFailed: 502,
  /** chargeNoShowFee: the appointment's start has not passed yet in the store's zone. */
  noShowTooEarly: 409,
  /** chargeNoShowFee: the appointment was booked without a card on file (or its card was not saved). */
  noCardOnFile: 409,
  /** chargeNoShowFee: the store has set no no-show fee. */
  noShowFeeNotSet: 409,
  /** public_bookAppointmentOnline without a card where the store's card policy asks every request for one. */
  cardRequired: 400,
} as const satisfies Record<string, number>;

/** Texts of the billing answers; the card errors are plain-string answers the payment form shows. */
export const BILLING_MESSAGES = {
  insufficientFunds: 'Your card has insufficient funds. Please try again',
  authenticationRequired: 'Your card was declined. This transaction requires authentication. Please try again',
  paymentSubmitted: 'Your payment has been submitted.',
  planRequired: 'Please choose a plan',
  webhookSignature: 'The webhook signature does not verify',
  paymentProviderFailed: 'The payment could not be completed. Please try again later',
  cardNotSaved: 'The card could not be saved. Please try again',
  noShowTooEarly: 'The no-show fee can be charged once the appointment has started',
  noCardOnFile: 'No card is on file for this appointment',
  noShowFeeNotSet: 'Set a no-show fee in the store settings first',
  appointmentNotFound: 'Appointment not found',
  cardRequired: 'Please save a card to hold this booking',
  noShowCharged: 'No-show fee charged',
} as const;
