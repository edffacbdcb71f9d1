import type { BodyOf } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import type { UsersRepository } from '../users/repository';

export interface ForgotPasswordDeps {
  users: UsersRepository;
  links: OneTimeLinks;
  bus: EventBus;
  publicUrl: string;
}

/**
 * Always answers the same, whether or not the email has an account (no account enumeration). When it
 * has, a one-hour reset link goes out by event (messaging mails it).
 */
export async function forgotPassword(d: ForgotPasswordDeps, input: BodyOf<'POST forgotPassword'>) {
  const user = await d.users.findByEmail(input.email);
  if (user) {
    const secret = await d.links.issue(user._id, 'reset');
    const resetUrl = `${d.publicUrl}/reset-password?a=${user._id}&b=${encodeURIComponent(secret)}`;
    const event = d.bus.event('user.password_reset_requested', 'global', { userId: user._id, email: user.email, fname: user.fname, resetUrl });
    // No document change carries this event, so it goes through the outbox.
    await d.bus.publishDurably(event);
  }
  return { success: true as const };
}
