import { MESSAGES, type BodyOf } from '@turnbook/contracts';
import { addressKey, type EventBus, type Logger, type RequestLimiter } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import type { UsersRepository } from '../users/repository';
import { verificationResentEvent } from './events';

export interface ResendVerificationDeps {
  users: UsersRepository;
  links: OneTimeLinks;
  bus: EventBus;
  publicUrl: string;
  requests: RequestLimiter;
  resendLimits: { perAddress: number; perEmail: number };
  log: Logger;
}

/**
 * The 'Not Verified' message's link: a new activation link for an account that has not opened its first
 * one. Counted per address and per email by the same limiter as register and forgotPassword (429 with the
 * wait when over). The answer is the same for any email (an unknown or already active account gets no mail),
 * so it tells nobody whether an account exists; the mail goes out by event (messaging sends it).
 */
export async function resendVerification(d: ResendVerificationDeps, input: BodyOf<'POST resendVerification'>, ip: string) {
  await d.requests.take([
    [addressKey('resend-verification', ip), d.resendLimits.perAddress],
    [`resend-verification:email:${input.email}`, d.resendLimits.perEmail],
  ], MESSAGES.tooManyRequests);
  setImmediate(() => void sendAgain(d, input.email).catch((err) => d.log.error({ err: String(err) }, 'activation link not sent again')));
  return { success: true as const };
}

async function sendAgain(d: ResendVerificationDeps, email: string): Promise<void> {
  const user = await d.users.findByEmail(email);
  if (!user || user.verified) return;
  const { mailId } = await d.links.issue(user._id, 'verify', d.publicUrl);
  // No document change carries this event, so it goes through the outbox.
  await d.bus.publishDurably(verificationResentEvent(d.bus, { userId: user._id, email: user.email, fname: user.fname, mailId }));
}
