import type { z } from 'zod';
import { pathParams, ROUTES, routeKey, type InputSource, type RouteDef } from '../routes';
import { API, schemasOf } from './index';
import * as appointments from '../schemas/appointments';
import * as billing from '../schemas/billing';
import * as frontdesk from '../schemas/frontdesk';
import * as logs from '../schemas/logs';
import * as messaging from '../schemas/messaging';
import { BILLING_MESSAGES } from '../errors/billing';
import { SubscribeResponse } from './billing';
import { BOOKING_API } from './booking';
import { channelsFor, parseChannel } from '../realtime';

type Def = { type: string; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType; out?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The field names an object-like schema reads, through refinements, transforms, defaults and unions (a
 * union's fields are those every option has). null when the schema is not about an object.
 */
function fieldsOf(schema: z.ZodType): Set<string> | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return new Set(Object.keys(def.shape ?? {}));
    case 'union': {
      const sets = (def.options ?? []).map(fieldsOf);
      if (sets.some((s) => s === null)) return null;
      return new Set([...sets[0]!].filter((k) => sets.every((s) => s!.has(k))));
    }
    case 'pipe':
      return fieldsOf(def.in!) ?? fieldsOf(def.out!);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
      return fieldsOf(def.innerType!);
    default:
      return null;
  }
}

const TAKES_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** What is missing or wrong in a route's schemas, as readable lines. */
function problemsOf(route: RouteDef): string[] {
  const key = routeKey(route);
  const s = schemasOf(key);
  if (!s) return [`${key}: no entry in API`];
  const out: string[] = [];
  if (!s.response) out.push(`${key}: no response schema`);
  const names = pathParams(route.path);
  if (names.length) {
    const fields = s.params ? fieldsOf(s.params) : null;
    if (!fields) out.push(`${key}: takes path params but names no params schema`);
    else if ([...fields].sort().join() !== [...names].sort().join()) out.push(`${key}: params schema reads ${[...fields].join(', ')}, the path has ${names.join(', ')}`);
  } else if (s.params) out.push(`${key}: has no path params but a params schema`);
  if (TAKES_BODY.has(route.method) && !s.body) out.push(`${key}: takes a body but names no body schema`);
  if (!TAKES_BODY.has(route.method) && s.body) out.push(`${key}: a ${route.method} with a body schema`);
  // The store or record id the router reads must be a field the schema accepts.
  const sources: InputSource[] = [];
  if (route.store && route.store !== 'record') sources.push(route.store);
  if (route.record) sources.push(...((Array.isArray(route.record.from) ? route.record.from : [route.record.from]) as InputSource[]));
  for (const source of sources) {
    const [from, field] = source.split('.') as ['params' | 'body' | 'query', string];
    const schema = s[from];
    const fields = schema ? fieldsOf(schema) : null;
    if (!fields?.has(field)) out.push(`${key}: the table reads ${source} but the ${from} schema has no ${field}`);
  }
  return out;
}

describe('route schemas', () => {
  it('when a route is in the table, then it names its schemas', () => {
    expect(ROUTES.flatMap(problemsOf)).toEqual([]);
  });

  it('when a route lacks its body, params or response schema, then the check names it', () => {
    const route = ROUTES.find((r) => routeKey(r) === 'POST sheet')!;
    const api = API as Record<string, unknown>;
    const saved = api['POST sheet'];
    try {
      api['POST sheet'] = { response: frontdesk.SheetResponse };
      expect(problemsOf(route)).toEqual(['POST sheet: takes a body but names no body schema', 'POST sheet: the table reads body.storeId but the body schema has no storeId']);
      api['POST sheet'] = { body: frontdesk.CreateSheetBody };
      expect(problemsOf(route)).toEqual(['POST sheet: no response schema']);
      delete api['POST sheet'];
      expect(problemsOf(route)).toEqual(['POST sheet: no entry in API']);
    } finally {
      api['POST sheet'] = saved;
    }
    const byId = ROUTES.find((r) => routeKey(r) === 'GET sheet/{id}')!;
    const savedById = api['GET sheet/{id}'];
    try {
      api['GET sheet/{id}'] = { params: frontdesk.SheetsByDateParams, response: frontdesk.SheetResponse };
      expect(problemsOf(byId)).toEqual(['GET sheet/{id}: params schema reads storeId, date, the path has id', 'GET sheet/{id}: the table reads params.id but the params schema has no id']);
    } finally {
      api['GET sheet/{id}'] = savedById;
    }
  });

  it('when an entry is in API, then the table has its route (no stale or misspelt keys)', () => {
    const keys = new Set(ROUTES.map(routeKey));
    expect(Object.keys(API).filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe('calendar and booking schemas', () => {
  it('when a kiosk looks up by phone, then the value is reduced to its digits; a bad email is refused on value', () => {
    expect(appointments.AppointmentsByTypeParams.parse({ type: 'phone', storeId: '2', value: '(215) 555-0123', date: '2026-11-23' })).toEqual({
      type: 'phone', storeId: 2, value: '2155550123', date: '2026-11-23',
    });
    const bad = appointments.AppointmentsByTypeParams.safeParse({ type: 'email', storeId: '2', value: 'nope', date: '2026-11-23' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['value']);
  });

  it("when approve's phone is 'null', then there is no phone; a short one is refused", () => {
    expect(appointments.ApproveParams.parse({ id: '7', phone: 'null' })).toEqual({ id: 7, phone: null });
    expect(appointments.ApproveParams.parse({ id: '7', phone: '215-555-0123' })).toEqual({ id: 7, phone: '2155550123' });
    expect(appointments.ApproveParams.safeParse({ id: '7', phone: '555' }).success).toBe(false);
  });

  it('when an online request is booked, then it is PENDING whatever the client says, and a blank start gives the spec text', () => {
    const body = { storeId: 2, staffId: 8888, customerId: 5, serviceIds: '3, 4', date: '2026-12-01', start: '10:00 am', end: '11:00 am' };
    expect(appointments.OnlineBookingBody.parse(body)).toMatchObject({ status: 'PENDING', serviceIds: '3,4', note: '' });
    expect(appointments.OnlineBookingBody.safeParse({ ...body, status: 'ON' }).success).toBe(false);
    expect(appointments.OnlineBookingBody.safeParse({ ...body, start: '' }).error!.issues[0]!.message).toBe('Please select a start time');
  });

  it('when the public availability is asked for staff mode, then the mode is dropped: conflicts are for store members only', () => {
    expect(appointments.AvailabilityQuery.parse({ serviceIds: '3', mode: 'staff' })).toEqual({ serviceIds: '3' });
    expect(BOOKING_API['GET staffAvailability/{storeId}/{date}'].query).toBe(appointments.StaffAvailabilityQuery);
  });
});

describe('front desk schemas', () => {
  it("when turns come as the spec's JSON text or as an array, then both give the list of names", () => {
    expect(frontdesk.UpdateTurnBody.parse({ id: 1, staffIds: '["amy","bo"]' }).staffIds).toEqual(['amy', 'bo']);
    expect(frontdesk.UpdateTurnBody.parse({ id: 1, staffIds: ['amy'] }).staffIds).toEqual(['amy']);
    expect(frontdesk.CreateTurnBody.parse({ storeId: 2, date: '2026-11-23' }).staffIds).toEqual([]);
    expect(frontdesk.UpdateTurnBody.safeParse({ id: 1, staffIds: '[amy' }).success).toBe(false);
    expect(frontdesk.UpdateTurnBody.safeParse({ id: 1, staffIds: '[1,2]' }).success).toBe(false);
  });

  it("when a sheet's staff come as a number, a list or text, then they are ids joined with ', '", () => {
    expect(frontdesk.PatchSheetBody.parse({ staffId: 10001 }).staffId).toBe('10001');
    expect(frontdesk.PatchSheetBody.parse({ staffId: [10001, 10002] }).staffId).toBe('10001, 10002');
    expect(frontdesk.PatchSheetBody.parse({ staffId: '10001,10002 ' }).staffId).toBe('10001, 10002');
    expect(frontdesk.PatchSheetBody.safeParse({ staffId: 'amy' }).success).toBe(false);
    expect(frontdesk.PatchSheetBody.safeParse({ checked: '25:00' }).success).toBe(false);
  });
});

describe('logs, billing and texts schemas', () => {
  it('when a log records the appointment as an object, then it is kept as JSON text', () => {
    const b = logs.CreateLogBody.parse({ storeId: 2, appointmentId: 9, text: 'booked', appointment_log: { start: '10:00 am' } });
    expect(b).toEqual({ app_type: 'appointments', storeId: 2, appointmentId: 9, text: 'booked', appointment_log: '{"start":"10:00 am"}' });
  });

  it("when subscribe fails on a card, then the answer is the spec's plain text; a free store's package has no period", () => {
    expect(SubscribeResponse.safeParse(BILLING_MESSAGES.insufficientFunds).success).toBe(true);
    expect(SubscribeResponse.safeParse('').success).toBe(false);
    const free = { id: null, packageId: null, product: 'Free', price: 0, storeName: 'nails', expiration: 'active', current_period_start: null, current_period_end: null };
    expect(billing.PackageView.parse(free)).toEqual(free);
    expect(billing.PackageView.safeParse({ ...free, price: 9.99 }).success).toBe(false);
  });

  it('when a recipient is 10 digits or +1 formatted, then it is 1 plus the digits; a bulk reminder names each appointment once', () => {
    expect(messaging.Recipient.parse('(215) 555-0123')).toBe('12155550123');
    expect(messaging.Recipient.parse('+1 215 555 0123')).toBe('12155550123');
    expect(messaging.Recipient.safeParse('44 20 7946 0958').success).toBe(false);
    expect(messaging.BulkReminderBody.parse({ storeId: 2, events: [{ id: 4 }, 4, '5'] }).events).toEqual([4, 5]);
    expect(messaging.SendSmsBody.parse({ storeId: 2, recipient: '2155550123', body: 'hi' }).kind).toBe('custom');
  });

  it('when a text about an appointment is sent again, then its note suffix is appended only once', () => {
    expect(messaging.noteWithSuffix('', 'reminder')).toBe('sent reminder');
    expect(messaging.noteWithSuffix('gel', 'reminder')).toBe('gel - sent reminder');
    expect(messaging.noteWithSuffix('gel - sent reminder', 'reminder')).toBe('gel - sent reminder');
    expect(messaging.noteWithSuffix('gel - sent reminder', 'custom')).toBe('gel - sent reminder - sent custom message');
  });

  it('when a reply arrives, then the store sms channel carries it; a store texting setting is checked by field', () => {
    expect(channelsFor('evt.sms.42.received', { id: 'SM1', storeId: 42 })).toEqual(['store:42:sms']);
    expect(parseChannel('store:42:sms')).toEqual({ kind: 'store', storeId: 42, name: 'sms' });
    expect(messaging.SmsSettingsBody.parse({ senderNumber: '(215) 555-0199' }).senderNumber).toBe('+12155550199');
    expect(messaging.SmsSettingsBody.safeParse({ reminderHour: 24 }).error!.issues[0]!.path).toEqual(['reminderHour']);
  });

  it("when Twilio posts its form, then every field is kept for the signature check", () => {
    const form = { MessageSid: 'SM1', From: '+12155550123', Body: 'yes', NumMedia: '0' };
    expect(messaging.TwilioWebhookBody.parse(form)).toEqual(form);
  });
});
