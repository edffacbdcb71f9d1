/** The notice comes back 2 hours after it is closed (docs/product/billing-screens.md). */
export const NOTICE_REPEAT_MS = 7_200_000;

export const NOTICE_TEXT_TODAY = 'Your subscription is expired. Please make a payment today to avoid suspension of your service.';
export const NOTICE_TEXT = 'Your subscription is expired. Please make a payment to avoid suspension of your service.';

export interface NoticeInput {
  /** The store's staff entries as the calendar lists them. */
  staffEntries: number;
  /** The package's expiration; anything but 'active' is unpaid. */
  expiration: string | null | undefined;
  isOwner: boolean;
  /** This is the first time the notice shows on this page. */
  firstDisplay: boolean;
}

/**
 * The calendar's subscription-expired notice: shown when the store has more than 4 staff entries and the
 * package is not 'active'. The owner gets the Make a payment link every time and the word 'today' the first
 * time only; others get the text without either.
 */
export function subscriptionNotice(n: NoticeInput): { text: string; paymentLink: boolean } | null {
  if (n.staffEntries <= 4 || n.expiration === 'active') return null;
  return { text: n.isOwner && n.firstDisplay ? NOTICE_TEXT_TODAY : NOTICE_TEXT, paymentLink: n.isOwner };
}
