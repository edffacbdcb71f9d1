import type { EventData, RequestNoticeResponse } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { calendarFile } from './calendar-file';
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

/** Which mails carry the calendar file, and how the event reads: asked (tentative), approved, a new time asked. */
const CALENDAR_KINDS: Partial<Record<RequestEmailKind, { confirmed: boolean; sequence: number }>> = {
  received: { confirmed: false, sequence: 0 },
  suggested: { confirmed: false, sequence: 1 },
  approved: { confirmed: true, sequence: 2 },
};

/** The booking repeated in the mail: each service with length and price, staff, time, total, address. */
function bookingLines(notice: Notice, when: string, end: string): string[] {
  const money = (n: number) => `$${n.toFixed(2)}`;
  const services = notice.serviceDetails ?? [];
  const lines = services.map((s) => `Service: ${s.name}, ${s.duration} min, ${money(s.price)}`);
  lines.push(`Staff: ${notice.staffName ?? 'Anyone available'}`, `When: ${when} to ${end}`);
  if (services.length) lines.push(`Price: ${money(services.reduce((t, s) => t + s.price, 0))}`);
  if (notice.storeAddress) lines.push(`Where: ${notice.storeAddress}`);
  return lines;
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
  const when = storeLocalWhen(data.date, data.start, notice.timezone);
  const appointmentsUrl = `${base}/appointments`;
  const content = onlineRequestEmail({
    kind,
    fname: account.fname,
    storeName: notice.storeName,
    when,
    services: notice.services,
    staffName: notice.staffName,
    appointmentsUrl,
    bookingUrl: `${base}/booking/${encodeURIComponent(notice.permalink)}`,
    details: kind === 'declined' ? [] : bookingLines(notice, when, data.end),
  });
  const file = CALENDAR_KINDS[kind] && calendarFile({
    requestId: notice.id,
    date: data.date,
    start: data.start,
    end: data.end,
    timezone: notice.timezone,
    title: `${notice.services.join(', ') || 'Appointment'} at ${notice.storeName}`,
    description: [...bookingLines(notice, when, data.end), `Your appointments: ${appointmentsUrl}`].join('\n'),
    location: notice.storeAddress,
    url: appointmentsUrl,
    ...CALENDAR_KINDS[kind],
  });
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'online_request',
    userId: notice.accountId,
    to: { name: '', address: account.email.trim().toLowerCase() },
    content: file ? { ...content, attachments: [file] } : content,
  });
}
