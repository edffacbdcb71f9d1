import { GATEWAY_URL } from './browser';

/**
 * The 6-digit phone verification code texted to `phone` (the dev texts page's JSON), newest first; only texts
 * sent from `since` on (ms) count, since a phone may have had codes before.
 */
export async function textedCode(phone: string, since = 0): Promise<string> {
  for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const res = await fetch(`${GATEWAY_URL}/dev/texts?to=${phone}&format=json`);
    const texts = res.ok ? ((await res.json()).texts as Array<{ body: string; purpose: string; sentAt: string }>) : [];
    const fresh = texts.filter((t) => t.purpose === 'phone_verification' && Date.parse(t.sentAt) >= since);
    const code = fresh.map((t) => /\b(\d{6})\b/.exec(t.body)?.[1]).find(Boolean);
    if (code) return code;
  }
  throw new Error(`no code texted to ${phone}`);
}
