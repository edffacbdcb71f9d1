import { GATEWAY_URL } from './browser';

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  /** files sent with it (a booking's calendar file), text files as text */
  attachments?: Array<{ filename: string; contentType: string; encoding: 'utf8' | 'base64'; content: string }>;
}

/** Reads the local SMTP sink's mailbox (the dev mailbox page's JSON) until a mail for `to` matching `subject` arrives. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${GATEWAY_URL}/dev/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    if (res.ok) {
      const mails = (await res.json()) as Mail[];
      const hit = mails.find((m) => subject.test(m.subject));
      if (hit) return hit;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in a mail whose URL contains `part`. */
export function linkIn(mail: Mail, part: string): string {
  const links = [...(mail.html + ' ' + mail.text).matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
  const link = links.find((l) => l.includes(part));
  if (!link) throw new Error(`no link containing ${part} in mail "${mail.subject}"`);
  return link;
}
