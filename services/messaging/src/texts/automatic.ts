import type { EventData, EventEnvelope } from '@turnbook/contracts';
import type { MessagesRepository } from './repository';
import type { TextReadModels } from './read-models';
import { storeForTexts } from './send-sms';
import { renderText } from './templates';

export interface AutomaticDeps {
  messages: Pick<MessagesRepository, 'queue'>;
  views: TextReadModels;
}

/** Read models replay old events on a first start: texts go out only for events this recent. */
export const AUTOMATIC_TEXT_WINDOW_MS = 15 * 60_000;
const recent = (env: EventEnvelope, now: Date) => now.getTime() - Date.parse(env.occurredAt) <= AUTOMATIC_TEXT_WINDOW_MS;

async function queueFor(deps: AutomaticDeps, key: string, kind: 'confirm' | 'approve', a: { id: number; storeId: number; customerId: number; date: string; start: string }) {
  if (!a.customerId) return;
  const [customer] = await deps.views.customersByIds([a.customerId]);
  // A customer created with the booking may be heard of just after it: the event is handled again shortly.
  if (!customer) throw new Error(`customer ${a.customerId} not known yet`);
  if (!customer.phone || customer.storeId !== a.storeId) return;
  const store = await storeForTexts(deps.views, a.storeId);
  await deps.messages.queue({
    _id: key, storeId: a.storeId, recipient: `1${customer.phone}`, body: renderText(kind, { store, appointment: a }), kind, appointmentId: a.id,
  });
}

/** The booking wizard's 'send confirmation' toggle: the confirmation goes once per booked appointment. */
export async function confirmBooking(deps: AutomaticDeps, env: EventEnvelope<EventData<'appointment.created'>>, now = new Date()) {
  if (!env.data.sendConfirmation || env.data.dayOff || !recent(env, now)) return;
  await queueFor(deps, `confirm:${env.data.storeId}:${env.data.id}`, 'confirm', env.data);
}

/** The store setting 'text on approve': the customer hears when their online request is approved. */
export async function textOnApprove(deps: AutomaticDeps, env: EventEnvelope<EventData<'online-request.changed'>>, now = new Date()) {
  const r = env.data;
  if (r.status !== 'APPROVED' || r.previousStatus === 'APPROVED' || !recent(env, now)) return;
  const store = await deps.views.store(r.storeId);
  if (!store?.autoTextOnApprove) return;
  const a = await deps.views.appointment(r.id);
  // The appointment's own event may come after this one: the event is handled again shortly.
  if (!a) throw new Error(`appointment ${r.id} not known yet`);
  await queueFor(deps, `approve:${env.id}`, 'approve', { ...r, customerId: a.customerId });
}
