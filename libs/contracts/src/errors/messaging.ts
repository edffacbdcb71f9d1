/** Error codes of the messaging routes (code: HTTP status); see ./index.ts. */
export const MESSAGING_ERRORS = {
  /** sendSMS 'review' and the bulk reminder are the owner's (docs/product/roles.md). */
  ownerOnlyText: 403,
  /** the SMS provider refused the number or the text. */
  smsRejected: 422,
  /** the customer answered STOP to this store: no texts until they answer START. */
  optedOut: 409,
  /** sendSMS to a number that is not the appointment's customer's, or (no appointment) no customer's of the store. */
  recipientNotCustomer: 400,
} as const satisfies Record<string, number>;

export const MESSAGING_MESSAGES = {
  ownerOnlyText: 'Only the store owner can send this text',
  smsRejected: 'The text could not be sent to this number',
  optedOut: 'This customer replied STOP: no texts can be sent until they reply START',
  /** recipientNotCustomer, for a text about an appointment */
  recipientNotCustomer: 'This is not the phone number on file for this customer',
  /** recipientNotCustomer, for a text about no appointment */
  recipientNotStoreCustomer: 'No customer of this store has this phone number',
} as const;
