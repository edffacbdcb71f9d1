import type { BulkReminderResponse, SmsKind, SmsMessageView } from '@turnbook/contracts/schemas/messaging';
import { MESSAGING_MESSAGES } from '@turnbook/contracts/errors/messaging';
import { useQuery } from '@tanstack/react-query';
import { api, hasCode, useRealtimeRefresh } from '@turnbook/web-kit';
import { calendarKeys } from '../calendar-data/calendar-keys';

/** Under the store's prefix, so any write or realtime refresh of the calendar reads them again too. */
export const textsKeys = {
  ofAppointment: (storeId: number, appointmentId: number) => [...calendarKeys.appointment(storeId, appointmentId), 'texts'] as const,
  inbox: (storeId: number) => [...calendarKeys.store(storeId), 'sms-inbox'] as const,
};

/** The texts sent about an appointment, newest first. */
export function useAppointmentTexts(storeId: number, appointmentId: number, enabled = true) {
  return useQuery({
    queryKey: textsKeys.ofAppointment(storeId, appointmentId),
    enabled,
    queryFn: async () =>
      (await api.get('GET getTextsByAppointmentId/{appointmentId}', { appointmentId }, { query: { storeId } })).messages,
  });
}

/** Queues one text; a fresh Idempotency-Key per press, so a retried request never texts twice. */
export async function sendText(input: { storeId: number; recipient: string; kind: SmsKind; appointmentId?: number; body?: string }): Promise<SmsMessageView> {
  const res = await api.post('POST sendSMS', input, undefined, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
  return res.message;
}

export function sendBulkReminder(storeId: number, appointmentIds: number[]): Promise<BulkReminderResponse> {
  return api.post('POST sendSMSReminderBulk', { storeId, events: appointmentIds });
}

/** A send's failure in the contract's words when it has a code (opted out, owner only, not the customer's number, refused number). */
export function textFailure(e: unknown): string {
  if (hasCode(e, 'optedOut')) return MESSAGING_MESSAGES.optedOut;
  // The Text Center's texts always name their appointment.
  if (hasCode(e, 'recipientNotCustomer')) return MESSAGING_MESSAGES.recipientNotCustomer;
  if (hasCode(e, 'ownerOnlyText')) return MESSAGING_MESSAGES.ownerOnlyText;
  if (hasCode(e, 'smsRejected')) return MESSAGING_MESSAGES.smsRejected;
  return e instanceof Error ? e.message : String(e);
}


/** The store's SMS inbox; a reply arriving on the store's sms channel reads it again without a reload. */
export function useInbox(storeId: number, enabled: boolean) {
  useRealtimeRefresh(enabled ? `store:${storeId}:sms` : null, [textsKeys.inbox(storeId)]);
  return useQuery({
    queryKey: textsKeys.inbox(storeId),
    enabled,
    queryFn: () => api.get('GET getAllMessagesByStorePhoneNumber', undefined, { query: { storeId } }),
  });
}
