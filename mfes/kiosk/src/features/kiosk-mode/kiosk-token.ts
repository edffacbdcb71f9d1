/** The kind claim of an access token, read without verifying it (the server does that): 'kiosk' in kiosk mode. */
export function tokenKind(token: string | null | undefined): string | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const kind = (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { kind?: unknown }).kind;
    return typeof kind === 'string' ? kind : null;
  } catch {
    return null;
  }
}

export const isKioskToken = (token: string | null | undefined): boolean => tokenKind(token) === 'kiosk';
