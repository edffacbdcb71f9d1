const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** 'Jan 5 - Feb 5' from unix seconds (docs/product/constants.md: subscription periods in short month-day form). */
export function periodText(start?: number | null, end?: number | null): string {
  if (!start || !end) return '';
  return `${shortDate.format(new Date(start * 1000))} - ${shortDate.format(new Date(end * 1000))}`;
}
