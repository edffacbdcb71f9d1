/** The refresh token's cookie: httpOnly, sent only to /api/auth (refresh and logout), never cross-site. */
export const REFRESH_COOKIE = 'turnbook_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Secure whenever the app is served over https (PUBLIC_URL), so local http still works. */
export function refreshCookie(secret: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${REFRESH_COOKIE}=${secret}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Tells the browser to forget the cookie. */
export function clearedRefreshCookie(secure: boolean): string {
  return refreshCookie('', 0, secure);
}
