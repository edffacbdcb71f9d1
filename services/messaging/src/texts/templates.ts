import { DateTime } from 'luxon';
import type { messaging } from '@turnbook/contracts';
import { DEFAULT_TIME_ZONE, displayName, formatPhone, toMinutes } from '@turnbook/domain';

export interface TemplateInput {
  store: { name: string; phone: string; timezone: string };
  /** the appointment's day (YYYY-MM-DD) and start ('10:00 am') as the calendar keeps them: store-local */
  appointment?: { date: string; start: string };
  /** the caller's own words, for a custom text */
  body?: string;
}

/**
 * The appointment's local date and time in words, with the zone's abbreviation of that day
 * ('Sun, Mar 8 at 10:00 AM EDT'): the abbreviation follows daylight saving of the appointment's date,
 * not of the day the text is sent.
 */
export function localWhen(date: string, start: string, timezone: string): string {
  const minutes = toMinutes(start) ?? 0;
  const zone = timezone || DEFAULT_TIME_ZONE;
  const day = DateTime.fromISO(date, { zone });
  const at = day.isValid ? day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }) : day;
  if (!at.isValid) return `${date} at ${start}`;
  return `${at.toFormat('ccc, LLL d')} at ${at.toFormat('h:mm a ZZZZ')}`;
}

const OPT_OUT = 'Reply STOP to opt out.';

/** The fixed texts (docs/product/texts.md): each names the store and its phone; those about an appointment say when. */
export function renderText(kind: messaging.MessageKind, input: TemplateInput): string {
  const name = displayName(input.store.name) || 'Your salon';
  const phone = formatPhone(input.store.phone);
  const call = phone ? ` Call ${phone}` : ' Call us';
  const when = input.appointment ? localWhen(input.appointment.date, input.appointment.start, input.store.timezone) : 'your appointment time';
  switch (kind) {
    case 'reminder':
      return `${name}: a reminder of your appointment on ${when}.${call} if you need to change it. ${OPT_OUT}`;
    case 'confirm':
      return `${name}: your appointment on ${when} is confirmed. See you then!${call} to make a change. ${OPT_OUT}`;
    case 'approve':
      return `${name}: your requested appointment on ${when} is approved. See you then!${call} with any questions. ${OPT_OUT}`;
    case 'reschedule':
      return `${name}: your appointment has been moved to ${when}.${call} if this time does not work for you. ${OPT_OUT}`;
    case 'review':
      return `Thank you for visiting ${name}! We would love to hear how it went: please leave us a review.${call} with anything we can do better. ${OPT_OUT}`;
    case 'cancel':
      return `${name}: your appointment on ${when} has been canceled.${call} to book a new time. ${OPT_OUT}`;
    case 'custom':
      return `${name}: ${(input.body ?? '').trim()}${phone ? ` (${phone})` : ''} ${OPT_OUT}`;
    case 'upnext':
      return `${name}: you're up next! Please come to the front desk.${call} if you stepped out.`;
  }
}
