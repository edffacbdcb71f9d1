/**
 * The period of a subscription just created. Stripe answers the month that starts now; stripe-mock answers
 * fixed fixtures (a period years away), so a period that does not hold the present is not believed and
 * the calendar month from now is kept instead.
 */
export function firstPeriod(answer: { start: number | null; end: number | null }, nowSeconds: number): { start: number; end: number } {
  const { start, end } = answer;
  if (start !== null && end !== null && start <= nowSeconds + 86_400 && end > nowSeconds && end > start) return { start, end };
  const d = new Date(nowSeconds * 1000);
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  return { start: nowSeconds, end: Math.floor(next.getTime() / 1000) };
}
