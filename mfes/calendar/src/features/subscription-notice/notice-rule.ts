/** The notice comes back 2 hours after it is closed (docs/product/billing-screens.md). */
export const NOTICE_REPEAT_MS = 7_200_000;

export const NOTICE_TEXT_TODAY = 'Your subscription is expired. Please make a payment today to avoid suspension of your service.';
export const NOTICE_TEXT = 'Your subscription is expired. Please make a payment to avoid suspension of your service.';
/** A store that never subscribed has nothing that expired: it needs its first plan (billing's 'inactive'). */
export const NEEDS_PLAN_TEXT_TODAY = 'Your store has more than 3 staff and needs a plan. Please choose a plan today to avoid suspension of your service.';
export const NEEDS_PLAN_TEXT = 'Your store has more than 3 staff and needs a plan. Please choose a plan to avoid suspension of your service.';

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
 * package is not 'active'; a store that never subscribed ('inactive') is told it needs a plan, not that
 * anything expired. The owner gets the Make a payment link every time and the word 'today' the first
 * time only; others get the text without either.
 */
export function subscriptionNotice(n: NoticeInput): { title: string; text: string; paymentLink: boolean; linkLabel: string } | null {
  if (n.staffEntries <= 4 || n.expiration === 'active') return null;
  const today = n.isOwner && n.firstDisplay;
  if (!n.expiration || n.expiration === 'inactive')
    return { title: 'Plan needed', text: today ? NEEDS_PLAN_TEXT_TODAY : NEEDS_PLAN_TEXT, paymentLink: n.isOwner, linkLabel: 'Choose a plan' };
  return { title: 'Subscription expired', text: today ? NOTICE_TEXT_TODAY : NOTICE_TEXT, paymentLink: n.isOwner, linkLabel: 'Make a payment' };
}

/**
 * What this browser remembers of the notice, per store and user, so a reload neither brings it back before
 * its 2 hours nor says 'today' again (ruling 11: 'today' on the owner's first display only).
 */
export interface NoticeMemory {
  /** how many times it has been shown */
  shown: number;
  /** epoch ms of the last close, null when not closed since it last came back */
  closedAt: number | null;
}

export const noticeKey = (storeId: number, userId: string | null | undefined) => `turnbook.subscription-notice.${storeId}.${userId ?? 'store'}`;

export function readNoticeMemory(storage: Pick<Storage, 'getItem'>, key: string): NoticeMemory {
  try {
    const m = JSON.parse(storage.getItem(key) ?? 'null') as Partial<NoticeMemory> | null;
    return { shown: Number(m?.shown) || 0, closedAt: typeof m?.closedAt === 'number' ? m.closedAt : null };
  } catch {
    return { shown: 0, closedAt: null };
  }
}

/** Milliseconds until the notice is due again: 0 when it shows now. */
export const msUntilDue = (m: NoticeMemory, now: number) => (m.closedAt === null ? 0 : Math.max(0, m.closedAt + NOTICE_REPEAT_MS - now));
