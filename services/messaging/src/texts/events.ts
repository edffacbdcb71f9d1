import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** `sms.queued`: one text waits for the sender (messaging's own consumer). */
export const smsQueuedEvent = (bus: EventBus, m: { _id: string; storeId: number }) =>
  bus.event('sms.queued', m.storeId, { messageId: m._id, storeId: m.storeId });

/** `sms.batch_queued`: a bulk reminder's texts of one store, sent by one consumer run. */
export const smsBatchQueuedEvent = (bus: EventBus, data: EventData<'sms.batch_queued'>) => bus.event('sms.batch_queued', data.storeId, data);

/** `sms.sent`: scheduling appends the note suffix to the appointment. */
export const smsSentEvent = (bus: EventBus, data: EventData<'sms.sent'>) => bus.event('sms.sent', data.storeId, data);
