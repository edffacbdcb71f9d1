import type { EventData, RequestNoticeResponse } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { onlineRequestEmail, type RequestEmailKind } from './templates';

type Notice = NonNullable<RequestNoticeResponse['notice']>;

export interface OnlineRequestEmailDeps extends Omit<SendEmailDeps, 'mailLink'> {
  /** scheduling's internal call: the request's account, store, services (null: not an online request any more) */
  requestNotice: (id: number) => Promise<Notice | null>;
  /** identity's internal call: where the account's mail goes */
  account: (userId: number) => Promise<{ email: string; fname: string } | null>;
  publicUrl: string;
}

const WAITING = new Set(['PENDING', 'MODIFYING']);

/** Which email a change of a request asks for, before anything is looked up (most changes ask for none). */
function candidate(d: EventData<'online-request.changed'>): RequestEmailKind | null {
  if (d.status === 'PENDING' && d.previousStatus === null) return 'received';
  if (d.status === 'APPROVED' && d.previousStatus !== null && WAITING.has(d.previousStatus)) return 'approved';
  if (d.status === 'CANCEL' && d.previousStatus !== null && WAITING.has(d.previousStatus)) return 'declined';
  if (d.status === 'MODIFYING') return 'suggested';
  return null;
}

/** 'Monday, December 7, 2026 at 10:00 am EST': the request's own wall time, with the store's zone named. */
export function storeLocalWhen(date: string, start: string, timezone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const noon = new Date(Date.UTC(y, m - 1, d, 12));
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(noon);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'short' }).formatToParts(noon).find((p) => p.type === 'timeZoneName')?.value;
  return `${day} at ${start}${zone ? ` ${zone}` : ''}`;
}

/**
 * The customer's email when their online request is received, approved, declined or given a new time by
 * the store, to their account's email, once per event. A customer's own cancel is not a decline, and a
 * MODIFYING change is mailed only when the store suggested it.
 */
export async function sendOnlineRequestEmail(
  deps: OnlineRequestEmailDeps,
  input: { eventId: string; data: EventData<'online-request.changed'> },
): Promise<'sent' | 'already-sent' | 'none'> {
  const { data } = input;
  const kind = candidate(data);
  if (!kind) return 'none';
  const notice = await deps.requestNotice(data.id);
  if (!notice) return 'none';
  if (kind === 'declined' && notice.cancelledByCustomer) return 'none';
  if (kind === 'suggested' && !notice.suggested) return 'none';
  const account = await deps.account(notice.accountId);
  if (!account?.email) return 'none';
  const base = deps.publicUrl.replace(/\/$/, '');
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'online_request',
    userId: notice.accountId,
    to: { name: '', address: account.email.trim().toLowerCase() },
    content: onlineRequestEmail({
      kind,
      fname: account.fname,
      storeName: notice.storeName,
      when: storeLocalWhen(data.date, data.start, notice.timezone),
      services: notice.services,
      staffName: notice.staffName,
      appointmentsUrl: `${base}/appointments`,
      bookingUrl: `${base}/booking/${encodeURIComponent(notice.permalink)}`,
    }),
  });
}
