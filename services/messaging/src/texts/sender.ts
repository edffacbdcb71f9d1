import type { Logger } from '@turnbook/service-kit';
import { PermanentSmsError, type OutgoingText, type SmsProvider } from '../texts/provider';
import type { MessageDoc, MessagesRepository } from './repository';
import type { SmsSettingsRepository } from './settings';

export interface SenderDeps {
  sms: SmsProvider;
  messages: MessagesRepository;
  settings: Pick<SmsSettingsRepository, 'of' | 'isOptedOut' | 'optedOutOf'>;
  log: Logger;
  /** attempts before a text is given up (failed) */
  maxAttempts?: number;
  /** the wait after the first failed attempt; doubled after each next one */
  firstRetryMs?: number;
}

const MAX_RETRY_MS = 10 * 60_000;

/**
 * Sends one queued text (the messaging-sms-send consumer, one sms.queued event at a time). Safe to run
 * twice for the same text: a text already sent is left alone, and an attempt that died after the provider
 * took the text finds it there (by its key) instead of sending it again. A failed attempt waits with
 * exponential backoff (the retry sweep queues it again); a refused one fails at once.
 */
export async function deliverQueued(
  deps: SenderDeps,
  messageId: string,
  now = new Date(),
  known: { message?: MessageDoc | null; senderNumber?: string | null; optedOut?: boolean } = {},
): Promise<void> {
  const m = known.message !== undefined ? known.message : await deps.messages.byId(messageId);
  if (!m || (m.status !== 'queued' && m.status !== 'sending')) return;
  if (m.status === 'queued' && m.retryAt && m.retryAt > now) return;
  const optedOut = known.optedOut ?? (await deps.settings.isOptedOut(m.storeId, m.recipient.slice(-10)));
  if (optedOut) {
    await deps.messages.markFailed(m._id, 'opted out');
    deps.log.info({ messageId: m._id }, 'text not sent: the customer opted out');
    return;
  }
  const senderNumber = known.senderNumber !== undefined ? known.senderNumber : (await deps.settings.of(m.storeId)).senderNumber;
  const text: OutgoingText = { to: m.recipient, body: m.body, key: m._id, purpose: m.kind, ...(senderNumber ? { from: senderNumber } : {}) };
  // An earlier attempt that never finished may have reached the provider.
  const resumed = m.status === 'sending' && m.sendingAt ? await deps.sms.findSent?.(text, m.sendingAt) : null;
  if (resumed) return deps.messages.markSent(m, resumed.providerId, now);
  if (!(await deps.messages.startAttempt(m, now))) return;
  const attempts = m.attempts + 1;
  try {
    const { providerId } = await deps.sms.send(text);
    await deps.messages.markSent(m, providerId, new Date());
  } catch (err) {
    const reason = (err as Error).message ?? 'send failed';
    if (err instanceof PermanentSmsError || attempts >= (deps.maxAttempts ?? 6)) {
      await deps.messages.markFailed(m._id, reason);
      deps.log.warn({ messageId: m._id, attempts, err: reason }, 'text failed');
      return;
    }
    const wait = Math.min((deps.firstRetryMs ?? 2000) * 2 ** (attempts - 1), MAX_RETRY_MS);
    await deps.messages.retryLater(m._id, reason, new Date(Date.now() + wait));
    deps.log.warn({ messageId: m._id, attempts, retryInMs: wait, err: reason }, 'text not sent; will retry');
  }
}

/** Texts sent side by side for a batch: enough to keep the provider busy, few enough for the database. */
const BATCH_CONCURRENCY = 16;

/**
 * A bulk reminder's texts (one sms.batch_queued event): read together, the store's settings and
 * opt-outs read once, sent side by side; each text keeps its own state, retries and key.
 */
export async function deliverBatch(deps: SenderDeps, batch: { batchId: string; messageIds: string[] }, now = new Date()): Promise<void> {
  const list = await deps.messages.ofBatch(batch.batchId, batch.messageIds);
  const stores = new Map<number, { senderNumber: string | null; optedOut: Set<string> }>();
  for (const storeId of new Set(list.map((m) => m.storeId))) {
    const phones = list.filter((m) => m.storeId === storeId).map((m) => m.recipient.slice(-10));
    const [settings, optedOut] = await Promise.all([deps.settings.of(storeId), deps.settings.optedOutOf(storeId, phones)]);
    stores.set(storeId, { senderNumber: settings.senderNumber, optedOut });
  }
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const m = list[next++];
      const store = stores.get(m.storeId)!;
      await deliverQueued(deps, m._id, now, { message: m, senderNumber: store.senderNumber, optedOut: store.optedOut.has(m.recipient.slice(-10)) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, list.length) }, worker));
}
