// A browser resends a request, once, when the kept-alive connection it went out on is closed before any answer
// came back (Chromium's ShouldResendRequest; RFC 9112 §9.3.1 allows it for a request safe to repeat). nginx's
// reload does exactly that to its idle client connections: its old workers close them, and a request sent at
// that instant meets a closed socket. Node's fetch does not resend, so the system tests' clients do it the
// way the front desk's browser would, and count it.

/**
 * undici's codes for a connection the other side closed or reset before answering: closed while idle
 * (UND_ERR_SOCKET 'other side closed'), reset while reading, or closed while the request was being written
 * (EPIPE). A refused connection is not one of them: the gateway is down, and a browser would not resend.
 */
const CLOSED_BEFORE_ANSWER = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

/** How many requests were resent, and the codes that made them (printed by the tests that use it). */
export const resends = { count: 0, codes: {} as Record<string, number> };

/** The code of a failed fetch's cause ('UND_ERR_SOCKET', 'ECONNREFUSED', …), or the error's name. */
export function failureCode(err: unknown): string {
  const cause = (err as { cause?: { code?: string; errors?: Array<{ code?: string }> } })?.cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? (err as Error)?.name ?? String(err);
}

export function closedBeforeAnswer(err: unknown): boolean {
  // by name: under jest the error comes from Node's realm, not the test's, so `instanceof TypeError` is false
  return (err as Error)?.name === 'TypeError' && CLOSED_BEFORE_ANSWER.has(failureCode(err));
}

/**
 * fetch, sent again once on a connection closed before any answer; only for a request safe to repeat (a read,
 * or a write with an Idempotency-Key, or a sign-in), which the caller vouches for with `safeToResend`.
 */
export async function fetchLikeABrowser(url: string, init: RequestInit, safeToResend: boolean): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (!safeToResend || !closedBeforeAnswer(err)) throw err;
    resends.count += 1;
    resends.codes[failureCode(err)] = (resends.codes[failureCode(err)] ?? 0) + 1;
    return fetch(url, init);
  }
}
