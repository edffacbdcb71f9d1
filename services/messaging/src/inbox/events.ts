import type { EventBus } from '@turnbook/service-kit';

/** `sms.received`: a customer's reply came in (the inbox refetches). */
export const smsReceivedEvent = (bus: EventBus, r: { _id: string; storeId: number }) => bus.event('sms.received', r.storeId, { id: r._id, storeId: r.storeId });
