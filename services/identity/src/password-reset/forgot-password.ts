import { MESSAGES, type BodyOf } from '@turnbook/contracts';
import { addressKey, type EventBus, type Logger, type RequestLimiter } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import type { UsersRepository } from '../users/repository';
import { passwordResetRequestedEvent } from './events';

export interface ForgotPasswordDeps {
  users: UsersRepository;
  links: OneTimeLinks;
  bus: EventBus;
  publicUrl: string;
  requests: RequestLimiter;
  limits: { perAddress: number; perEmail: number };
  /** Every answer takes this long, whether or not the email has an account. */
  answerFloorMs: number;
  log: Logger;
}

/**
 * Always answers the same, and after the same time, whether or not the email has an account (no account
 * enumeration): a fixed wait, then the answer; the lookup and the link are made once it is sent. When the
 * email has an account, a one-hour reset link goes out by event (messaging mails it).
 */
export async function forgotPassword(d: ForgotPasswordDeps, input: BodyOf<'POST forgotPassword'>, ip: string) {
  // The floor starts first, so the limiter's own database work is inside it too.
  const floor = new Promise((resolve) => setTimeout(resolve, d.answerFloorMs));
  await d.requests.take([
    [addressKey('forgot', ip), d.limits.perAddress],
    [`forgot:email:${input.email}`, d.limits.perEmail],
  ], MESSAGES.tooManyRequests);
  await floor;
  // After the answer is on its way, so its time cannot depend on whether the account exists.
  setImmediate(() => void sendResetLink(d, input.email).catch((err) => d.log.error({ err: String(err) }, 'reset link not sent')));
  return { success: true as const };
}

async function sendResetLink(d: ForgotPasswordDeps, email: string): Promise<void> {
  const user = await d.users.findByEmail(email);
  if (!user) return;
  const { mailId } = await d.links.issue(user._id, 'reset', d.publicUrl);
  // No document change carries this event, so it goes through the outbox.
  await d.bus.publishDurably(passwordResetRequestedEvent(d.bus, { userId: user._id, email: user.email, fname: user.fname, mailId }));
}
