/**
 * The one way money is shown (issue 31 item 27): US dollars with a thousands separator and 2 decimals,
 * '$3,209.00', '-$5.50'. Stored and sent as integer cents where the spec says cents, as dollars elsewhere:
 * each screen calls the function for what it holds.
 */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in dollars: 2441 -> '$2,441.00'; null, undefined or not a number shows as $0.00. */
export function formatDollars(dollars: number | null | undefined): string {
  const n = Number(dollars);
  return USD.format(Number.isFinite(n) ? n : 0);
}

/** An amount in integer cents: 320900 -> '$3,209.00'. */
export const formatCents = (cents: number | null | undefined): string => formatDollars((Number(cents) || 0) / 100);
