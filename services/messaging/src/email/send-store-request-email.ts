import type { EventData, messaging } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import type { OnlineRequestEmailDeps } from './send-online-request-email';
import { storeLocalWhen } from './send-online-request-email';
import { storeRequestEmail, type StoreRequestEmailKind } from './templates';

export interface StoreRequestEmailDeps extends Omit<SendEmailDeps, 'mailLink'>, Pick<OnlineRequestEmailDeps, 'requestNotice' | 'account' | 'publicUrl'> {
  /** the store's messaging settings (the owner may turn these emails off) */
  settings: { of: (storeId: number) => Promise<messaging.SmsSettings> };
}

/**
 * Which change of a request waits for the store's answer (what the bell counts: PENDING, MODIFYING,
 * REQUEST CANCEL), before anything is looked up. The store's own answers and suggestions ask for none.
 */
function candidate(d: EventData<'online-request.changed'>): StoreRequestEmailKind | null {
  if (d.status === 'PENDING' && d.previousStatus === null) return 'new';
  if (d.status === 'MODIFYING' && d.previousStatus !== null) return 'changed';
  if (d.status === 'REQUEST CANCEL') return 'cancel';
  return null;
}

/**
 * The store hears of an online request outside the calendar (issue 30): an email to its business address
 * when a request arrives, when its customer changes it and when a customer asks to cancel an approved
 * appointment, unless the owner turned these emails off. Walk-ins are no online request (the notice is
 * null for them), and a time the store suggested is the store's own doing. At most one email per event.
 */
export async function sendStoreRequestEmail(deps: StoreRequestEmailDeps, input: { eventId: string; data: EventData<'online-request.changed'> }): Promise<'sent' | 'already-sent' | 'none'> {
  const { data } = input;
  const kind = candidate(data);
  if (!kind) return 'none';
  if (!(await deps.settings.of(data.storeId)).requestEmails) return 'none';
  const notice = await deps.requestNotice(data.id);
  if (!notice?.storeEmail) return 'none';
  if (kind === 'changed' && notice.suggested) return 'none';
  const account = await deps.account(notice.accountId);
  const base = deps.publicUrl.replace(/\/$/, '');
  return sendEmailOnce(deps, {
    // the customer's email about the same event claims the plain event id
    eventId: `${input.eventId}:store`,
    kind: 'store_request',
    userId: null,
    to: { name: '', address: notice.storeEmail.trim().toLowerCase() },
    content: storeRequestEmail({
      kind,
      storeName: notice.storeName,
      customerName: account?.fname ?? '',
      when: storeLocalWhen(data.date, data.start, notice.timezone),
      services: notice.services,
      staffName: notice.staffName,
      calendarUrl: `${base}/calendar/${encodeURIComponent(notice.permalink)}?date=${data.date}`,
    }),
  });
}
