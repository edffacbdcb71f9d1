/** The store's permalink of a /kiosk/{permalink} address ('' when there is none). */
export function kioskPermalink(pathname: string): string {
  const part = pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(part).toLowerCase();
  } catch {
    return part.toLowerCase();
  }
}
