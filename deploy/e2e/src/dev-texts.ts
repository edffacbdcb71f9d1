import { GATEWAY_URL } from './browser';

/** A text as the dev texts page lists it (the recording transport keeps every text), newest first. */
export interface DevText { id: string; to: string; body: string | null; purpose: string; sentAt: string }

/** The texts sent to `phone` so far. */
export async function devTexts(phone: string): Promise<DevText[]> {
  const res = await fetch(`${GATEWAY_URL}/dev/texts?format=json&to=${phone}`);
  return res.ok ? ((await res.json()) as { texts: DevText[] }).texts : [];
}

/** The newest text to `phone` that matches (its body by a pattern, or the whole text), once it is there. */
export async function waitForText(phone: string, match: RegExp | ((t: DevText) => boolean), timeoutMs = 20_000): Promise<DevText> {
  const matches = typeof match === 'function' ? match : (t: DevText) => match.test(t.body ?? '');
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const hit = (await devTexts(phone)).find(matches);
    if (hit) return hit;
  }
  throw new Error(`no text to ${phone} matching ${match} within ${timeoutMs} ms`);
}

/** The 6-digit phone verification code texted to `phone`; only texts sent from `since` on (ms) count, since a phone may have had codes before. */
export async function textedCode(phone: string, since = 0): Promise<string> {
  const CODE = /\b(\d{6})\b/;
  const text = await waitForText(phone, (t) => t.purpose === 'phone_verification' && Date.parse(t.sentAt) >= since && CODE.test(t.body ?? ''));
  return CODE.exec(text.body ?? '')![1];
}
