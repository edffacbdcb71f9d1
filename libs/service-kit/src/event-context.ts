import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/nats-core';
import { currentRequestId, REQUEST_ID_HEADER, withRequestId } from './request-context';

/**
 * What an event carries from the request that caused it to its consumers, as NATS headers: the request id
 * and the W3C trace context. It is kept with the event (on its document, then in the outbox) from the moment
 * it is built, so a sweep that publishes it later, from another process, still sends it.
 */
export type CarriedContext = Record<string, string>;

const tracer = trace.getTracer('@turnbook/service-kit');

/** The context of the code running now, as headers (nothing when neither a request nor a trace is on). */
export function carriedContext(): CarriedContext | undefined {
  const carried: CarriedContext = {};
  const reqId = currentRequestId();
  if (reqId) carried[REQUEST_ID_HEADER] = reqId;
  propagation.inject(context.active(), carried);
  return Object.keys(carried).length ? carried : undefined;
}

/** A span's attributes for an event (its name is the event's type: subjects name stores, too many names). */
const eventAttributes = (event: { type: string; subject: string }) => ({ 'messaging.system': 'nats', 'messaging.destination.name': event.subject, 'turnbook.event': event.type });

/** Publishes in a producer span, child of the context the event was built in; `send` gets the NATS headers. */
export async function publishWithContext<T>(event: { type: string; subject: string }, carried: CarriedContext | undefined, send: (headers?: MsgHdrs) => Promise<T>): Promise<T> {
  const parent = carried ? propagation.extract(ROOT_CONTEXT, carried) : context.active();
  return tracer.startActiveSpan(`publish ${event.type}`, { kind: SpanKind.PRODUCER, attributes: eventAttributes(event) }, parent, async (span) => {
    try {
      const out: CarriedContext = {};
      if (carried?.[REQUEST_ID_HEADER]) out[REQUEST_ID_HEADER] = carried[REQUEST_ID_HEADER];
      propagation.inject(context.active(), out);
      return await send(Object.keys(out).length ? toNatsHeaders(out) : undefined);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Runs a consumer's handling of one message under the request id it carries, in a consumer span child of its publish. */
export async function consumeWithContext(event: { type: string; subject: string }, durable: string, headers: MsgHdrs | undefined, handle: () => Promise<void>): Promise<void> {
  const parent: Context = headers ? propagation.extract(ROOT_CONTEXT, headers, natsGetter) : ROOT_CONTEXT;
  const reqId = headers?.get(REQUEST_ID_HEADER) || undefined;
  await tracer.startActiveSpan(`process ${event.type}`, { kind: SpanKind.CONSUMER, attributes: { ...eventAttributes(event), 'messaging.consumer.group.name': durable } }, parent, async (span) => {
    try {
      await withRequestId(reqId, handle);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

function toNatsHeaders(values: CarriedContext): MsgHdrs {
  const h = natsHeaders();
  for (const [k, v] of Object.entries(values)) h.set(k, v);
  return h;
}

const natsGetter = {
  keys: (h: MsgHdrs) => [...h.keys()],
  get: (h: MsgHdrs, key: string) => h.get(key) || undefined,
};
