import type { Logger } from '@turnbook/service-kit';
import { PermanentSmsError, type OutgoingText, type SmsProvider } from '../sms/provider';
import type { MessagesRepository } from './messages';
import type { SmsSettingsRepository } from './settings';

export interface SenderDeps {
  sms: SmsProvider;
  messages: MessagesRepository;
  settings: Pick<SmsSettingsRepository, 'of' | 'isOptedOut'>;
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
export async function deliverQueued(deps: SenderDeps, messageId: string, now = new Date()): Promise<void> {
  const m = await deps.messages.byId(messageId);
  if (!m || (m.status !== 'queued' && m.status !== 'sending')) return;
  if (m.status === 'queued' && m.retryAt && m.retryAt > now) return;
  const phone = m.recipient.slice(-10);
  if (await deps.settings.isOptedOut(m.storeId, phone)) {
    await deps.messages.markFailed(m._id, 'opted out');
    deps.log.info({ messageId: m._id }, 'text not sent: the customer opted out');
    return;
  }
  const { senderNumber } = await deps.settings.of(m.storeId);
  const text: OutgoingText = { to: m.recipient, body: m.body, key: m._id, purpose: m.kind, ...(senderNumber ? { from: senderNumber } : {}) };
  // An earlier attempt that never finished may have reached the provider.
  const resumed = m.status === 'sending' && m.sendingAt ? await deps.sms.findSent?.(text, m.sendingAt) : null;
  if (resumed) return deps.messages.markSent(m, resumed.providerId, now);
  if (!(await deps.messages.startAttempt(m._id, now))) return;
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

