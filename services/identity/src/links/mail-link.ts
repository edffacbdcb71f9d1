import { notFound } from '@turnbook/service-kit';
import type { OneTimeLinks } from './one-time-links';

/** The link of a mail an event asked for, for messaging (internal call); 404 once expired or revoked. */
export async function mailLink(d: { links: OneTimeLinks }, mailId: string) {
  const url = await d.links.mailUrl(mailId);
  if (!url) throw notFound('Mail not found or expired');
  return { url };
}
