import type { Deps } from '../deps';

/**
 * Always answers the same, whether or not the email has an account (no account enumeration). When it
 * has, a one-hour reset link goes out by event (messaging mails it).
 */
export async function forgotPassword(d: Deps, input: { email: string }) {
  const user = await d.users.findByEmail(input.email);
  if (user) {
    const secret = await d.links.issue(user._id, 'reset');
    const resetUrl = `${d.config.PUBLIC_URL}/reset-password?a=${user._id}&b=${encodeURIComponent(secret)}`;
    const event = d.ctx.bus.event('user.password_reset_requested', 'global', { userId: user._id, email: user.email, fname: user.fname, resetUrl });
    // No document change carries this event, so it goes through the outbox.
    await d.ctx.bus.publishDurably(event);
  }
  return { success: true };
}
