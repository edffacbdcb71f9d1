import { BRAND_ACCENT, BRAND_NAME, displayName } from '@turnbook/domain';

/**
 * The emails identity's events ask for. Each has a plain-text body (read by simple clients and by
 * screen readers) and an HTML body with the same words and a button-like link.
 */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** files sent with the mail (the booking's calendar file) */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

const BRAND = BRAND_NAME;
// The product's teal, as on every screen (one brand).
const ACCENT = BRAND_ACCENT;

export function verificationEmail(input: { fname: string; verifyUrl: string }): EmailContent {
  const name = safeName(input.fname);
  const subject = `Activate your ${BRAND} account`;
  const intro = `Welcome to ${BRAND}! Your account is almost ready. Confirm your email address to activate it and start booking.`;
  const outro = `If you did not create a ${BRAND} account, you can ignore this email.`;
  return {
    subject,
    text: [greeting(name), '', intro, '', `Activate your account: ${input.verifyUrl}`, '', outro, '', signature()].join('\n'),
    html: layout(subject, [
      p(escapeHtml(greeting(name))),
      p(escapeHtml(intro)),
      button('Activate my account', input.verifyUrl),
      fallbackLink(input.verifyUrl),
      p(escapeHtml(outro), true),
    ]),
  };
}

export function passwordResetEmail(input: { fname: string; resetUrl: string }): EmailContent {
  const name = safeName(input.fname);
  const subject = `Reset your ${BRAND} password`;
  const intro = `We received a request to reset the password of your ${BRAND} account. Choose a new password with the link below.`;
  const expiry = 'The link expires in 1 hour and can be used only once.';
  const outro = `If you did not ask for a new password, you can ignore this email: your password stays the same.`;
  return {
    subject,
    text: [greeting(name), '', intro, '', `Reset your password: ${input.resetUrl}`, '', expiry, '', outro, '', signature()].join('\n'),
    html: layout(subject, [
      p(escapeHtml(greeting(name))),
      p(escapeHtml(intro)),
      button('Reset my password', input.resetUrl),
      p(`<strong>${escapeHtml(expiry)}</strong>`),
      fallbackLink(input.resetUrl),
      p(escapeHtml(outro), true),
    ]),
  };
}

export function staffInvitationEmail(input: { storeName: string; acceptUrl: string }): EmailContent {
  // The owner chose the store's name and it goes to any address: no links in it.
  const store = displayName(withoutLinks(input.storeName)) || 'A salon';
  const subject = `${store} invites you to join its staff on ${BRAND}`;
  const intro = `${store} would like to add you to its staff on ${BRAND}, so you can see your appointments on its calendar.`;
  const how = `Sign in (or create an account with this email address), then accept the invitation with the link below. It expires in 7 days.`;
  const outro = `If you do not know this salon, you can ignore this email: nothing changes unless you accept.`;
  return {
    subject,
    text: [greeting(''), '', intro, '', how, '', `Accept the invitation: ${input.acceptUrl}`, '', outro, '', signature()].join('\n'),
    html: layout(subject, [
      p(escapeHtml(greeting(''))),
      p(escapeHtml(intro)),
      p(escapeHtml(how)),
      button('See the invitation', input.acceptUrl),
      fallbackLink(input.acceptUrl),
      p(escapeHtml(outro), true),
    ]),
  };
}

export function emailChangeEmail(input: { fname: string; confirmUrl: string }): EmailContent {
  const name = safeName(input.fname);
  const subject = `Confirm your new ${BRAND} email address`;
  const intro = `You asked to use this address for your ${BRAND} account. Confirm it with the link below; until then, your account keeps its old address.`;
  const expiry = 'The link expires in 24 hours and can be used only once. You will sign in again afterwards.';
  const outro = `If you did not ask for this, ignore this email: nothing changes.`;
  return {
    subject,
    text: [greeting(name), '', intro, '', `Confirm your email: ${input.confirmUrl}`, '', expiry, '', outro, '', signature()].join('\n'),
    html: layout(subject, [
      p(escapeHtml(greeting(name))),
      p(escapeHtml(intro)),
      button('Confirm my email', input.confirmUrl),
      p(escapeHtml(expiry)),
      fallbackLink(input.confirmUrl),
      p(escapeHtml(outro), true),
    ]),
  };
}

export type RequestEmailKind = 'received' | 'approved' | 'declined' | 'suggested';

/**
 * The customer's emails about an online request. `when` is already the store's local date and time with
 * its zone ('Monday, December 7, 2026 at 10:00 am EST'); the store's name is the owner's text, so no links.
 */
export function onlineRequestEmail(input: {
  kind: RequestEmailKind;
  fname: string;
  storeName: string;
  when: string;
  services: string[];
  staffName: string | null;
  appointmentsUrl: string;
  bookingUrl: string;
  /** the booking repeated, one line each ('Service: Gel Manicure, 45 min, $35.00'); none on a decline */
  details?: string[];
}): EmailContent {
  const name = safeName(input.fname);
  const details = (input.details ?? []).map(withoutLinks).filter(Boolean);
  const store = displayName(withoutLinks(input.storeName)) || 'The salon';
  const what = [input.services.map(withoutLinks).filter(Boolean).join(', ') || 'your appointment', input.staffName ? `with ${displayName(withoutLinks(input.staffName))}` : 'with anyone available'].join(' ');
  const texts: Record<RequestEmailKind, { subject: string; lead: string; next: string; label: string; url: string }> = {
    received: {
      subject: `${store} received your request`,
      lead: `Thank you! ${store} received your request for ${what} on ${input.when}.`,
      next: 'The salon will review it and get back to you soon. You can follow it, change it or cancel it on your appointments page.',
      label: 'See my appointments',
      url: input.appointmentsUrl,
    },
    approved: {
      subject: `${store} approved your appointment`,
      lead: `Good news: ${store} approved your appointment for ${what} on ${input.when}.`,
      next: 'See you then! If your plans change, you can ask to cancel it on your appointments page.',
      label: 'See my appointments',
      url: input.appointmentsUrl,
    },
    declined: {
      subject: `${store} could not take your request`,
      lead: `Sorry, ${store} could not take your request for ${what} on ${input.when}.`,
      next: 'Please choose another time on the salon\'s booking page, or call the shop.',
      label: 'Choose another time',
      url: input.bookingUrl,
    },
    suggested: {
      subject: `${store} suggested a new time`,
      lead: `${store} suggested a new time for your request: ${what} on ${input.when}.`,
      next: 'Accept or decline it on your appointments page. The time is held for you until you answer.',
      label: 'Answer the suggestion',
      url: input.appointmentsUrl,
    },
  };
  const t = texts[input.kind];
  return {
    subject: t.subject,
    text: [greeting(name), '', t.lead, '', ...(details.length ? ['Your booking:', ...details, ''] : []), t.next, '', `${t.label}: ${t.url}`, '', signature()].join('\n'),
    html: layout(t.subject, [
      p(escapeHtml(greeting(name))),
      p(escapeHtml(t.lead)),
      ...(details.length ? [p(`<strong>Your booking</strong><br>${details.map(escapeHtml).join('<br>')}`)] : []),
      p(escapeHtml(t.next)),
      button(t.label, t.url),
      fallbackLink(t.url),
    ]),
  };
}

export type StoreRequestEmailKind = 'new' | 'changed' | 'cancel';

/**
 * The store's email about an online request waiting for its answer (docs/product/messages.md): a new
 * request, a customer's change, a customer's cancellation of an approved one. No customer phone or email
 * in it; the calendar's requests list has them.
 */
export function storeRequestEmail(input: { kind: StoreRequestEmailKind; storeName: string; customerName: string; when: string; services: string[]; staffName: string | null; calendarUrl: string }): EmailContent {
  const store = displayName(withoutLinks(input.storeName)) || 'your salon';
  const who = safeName(input.customerName) || 'A customer';
  const what = [input.services.map(withoutLinks).filter(Boolean).join(', ') || 'an appointment', input.staffName ? `with ${displayName(withoutLinks(input.staffName))}` : 'with anyone available'].join(' ');
  const texts: Record<StoreRequestEmailKind, { subject: string; lead: string }> = {
    new: { subject: `New online request at ${store}`, lead: `${who} asked online for ${what} on ${input.when}.` },
    changed: { subject: `An online request at ${store} was changed`, lead: `${who} changed their request to ${what} on ${input.when}.` },
    cancel: { subject: `A customer asked to cancel at ${store}`, lead: `${who} asked to cancel ${what} on ${input.when}. The time is free online again.` },
  };
  const t = texts[input.kind];
  const next = input.kind === 'cancel' ? 'Accept the cancellation or keep the appointment from the calendar.' : 'Approve or decline it from the calendar: the customer waits for your answer.';
  const label = 'Open the calendar';
  return {
    subject: t.subject,
    text: ['Hello,', '', t.lead, '', next, '', `${label}: ${input.calendarUrl}`, '', 'You get this email because online requests are on for this store; the owner can turn these emails off in Store settings.', '', signature()].join('\n'),
    html: layout(t.subject, [p(escapeHtml('Hello,')), p(escapeHtml(t.lead)), p(escapeHtml(next)), button(label, input.calendarUrl), fallbackLink(input.calendarUrl), p(escapeHtml('You get this email because online requests are on for this store; the owner can turn these emails off in Store settings.'), true)]),
  };
}

/** Drops anything that reads as a web address (scheme, www., or a domain with a path or TLD). */
export function withoutLinks(value: string): string {
  return value
    .replace(/\S*(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*/gi, '')
    .replace(/\S+\.[a-z]{2,}(?:\/\S*)?/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** To the old address: someone asked to move the account to another address, or did. No link in it. */
export function emailChangeNotice(input: { fname: string; newEmail: string; step: 'requested' | 'changed' }): EmailContent {
  const name = safeName(input.fname);
  const subject = input.step === 'requested' ? `A change of your ${BRAND} email was requested` : `Your ${BRAND} email address was changed`;
  const what =
    input.step === 'requested'
      ? `Someone signed in to your ${BRAND} account asked to change its email to ${maskEmail(input.newEmail)}. It changes only when that address confirms.`
      : `The email address of your ${BRAND} account is now ${maskEmail(input.newEmail)}. This address no longer signs in.`;
  const advice = `If this was not you, reset your password from the sign-in page now and contact your salon or our support.`;
  return {
    subject,
    text: [greeting(name), '', what, '', advice, '', signature()].join('\n'),
    html: layout(subject, [p(escapeHtml(greeting(name))), p(escapeHtml(what)), p(`<strong>${escapeHtml(advice)}</strong>`)]),
  };
}

/** "jane.doe@example.com" as "ja***@example.com": enough to recognise, not a harvestable address. */
function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 2)}***@${domain ?? ''}`;
}

// Anything a mail client could turn into a link: a scheme, a path, an address, a dotted host name.
const LINK_LIKE = /\S*(?:[:/@\\]|\.[a-z0-9-]{2,})\S*/giu;

/**
 * A first name as mails may show it: names are typed by whoever registers, and the mail goes to any address
 * they give, so a "name" like `visit https://evil.example/claim` must not reach the mail as a link or URL.
 * Link-like words are dropped, only letters, marks, spaces, apostrophes and hyphens kept, capped at 40
 * characters; "mary jo" (stored lowercase) shows as "Mary Jo" (displayName, the screens' rule). Empty when nothing is left (the greeting says "Hi,").
 */
export function safeName(fname: string): string {
  const kept = fname
    .normalize('NFKC')
    .replace(LINK_LIKE, ' ')
    .replace(/[^\p{L}\p{M}' -]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
  return displayName(kept);
}

const greeting = (name: string) => (name ? `Hi ${name},` : 'Hi,');
const signature = () => `See you soon,\nThe ${BRAND} team`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function p(inner: string, muted = false): string {
  const color = muted ? '#6b7280' : '#111827';
  return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:${color}">${inner}</p>`;
}

function button(label: string, url: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 22px;border-radius:6px;background:${ACCENT};color:#ffffff;font-size:15px;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

function fallbackLink(url: string): string {
  const safe = escapeHtml(url);
  return p(`If the button does not work, copy this link into your browser:<br><a href="${safe}" style="color:${ACCENT};word-break:break-all">${safe}</a>`, true);
}

function layout(title: string, blocks: string[]): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px;color:${ACCENT}">${BRAND}</h1>
${blocks.join('\n')}
<p style="margin:24px 0 0;font-size:15px;line-height:1.5;color:#111827">See you soon,<br>The ${BRAND} team</p>
</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#9ca3af">${BRAND}: appointment software for nail and beauty salons.</p>
</td></tr>
</table>
</body>
</html>`;
}
