/** Reads the exp claim of a JWT without verifying it (the server does that); null when unreadable. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(token: string, nowSeconds = Date.now() / 1000): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp <= nowSeconds;
}

/** The `kind` claim ('user', 'store' for the front desk, 'kiosk'), read without verifying; null when unreadable. */
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
