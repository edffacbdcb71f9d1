import { createEvent } from 'ics';
import { DateTime } from 'luxon';

export interface CalendarAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/**
 * The request as a calendar event (an .ics file, RFC 5545, written by the `ics` library): the store's wall
 * time turned into UTC with the store's zone, the store's address as the location. One UID per request, a
 * higher SEQUENCE on each later mail, so a calendar that took the 'received' file updates the same event
 * when the store approves it or suggests another time. Null when the date or times cannot be read.
 */
export function calendarFile(input: {
  requestId: number;
  date: string;
  start: string;
  end: string;
  timezone: string;
  title: string;
  description: string;
  location: string;
  url: string;
  confirmed: boolean;
  sequence: number;
}): CalendarAttachment | null {
  const at = (time: string) => DateTime.fromFormat(`${input.date} ${time}`, 'yyyy-MM-dd hh:mm a', { zone: input.timezone, locale: 'en-US' });
  const start = at(input.start);
  const end = at(input.end);
  if (!start.isValid || !end.isValid || end <= start) return null;
  const { error, value } = createEvent({
    uid: `request-${input.requestId}@turnbook`,
    sequence: input.sequence,
    productId: 'turnbook/booking',
    method: 'PUBLISH',
    start: start.toMillis(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: end.toMillis(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.title,
    description: input.description,
    location: input.location || undefined,
    url: input.url,
    status: input.confirmed ? 'CONFIRMED' : 'TENTATIVE',
    busyStatus: 'BUSY',
  });
  if (error || !value) return null;
  return { filename: 'appointment.ics', content: value, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}
