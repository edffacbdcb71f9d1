/** The federated modules and the routes each one owns (ARCHITECTURE §7). */
export type RemoteName = 'calendar' | 'store' | 'kiosk' | 'booking' | 'admin';

export interface RemoteRoute {
  module: RemoteName;
  /** Human name for the "not available yet" screen. */
  label: string;
  /** No token needed (public booking page). */
  isPublic?: boolean;
  /** Super admin only: checked before the module is even downloaded. */
  superAdmin?: boolean;
}

const startsWithAny = (p: string, prefixes: string[]) => prefixes.some((x) => p.startsWith(x));
const isAny = (p: string, paths: string[]) => paths.includes(p.replace(/\/+$/, '') || '/');

/** The module that owns a pathname, or null when no module does (the shell's 404). */
export function remoteFor(pathname: string): RemoteRoute | null {
  const p = pathname;
  if (isAny(p, ['/customer-sign-in-sheet'])) return { module: 'kiosk', label: 'Customer Sign In' };
  if (p.startsWith('/calendar/')) return { module: 'calendar', label: 'The calendar' };
  if (p.startsWith('/booking/')) return { module: 'booking', label: 'Online booking', isPublic: true };
  if (isAny(p, ['/appointments'])) return { module: 'booking', label: 'Appointments' };
  if (p.startsWith('/admin-')) return { module: 'admin', label: 'The admin area', superAdmin: true };
  if (
    startsWithAny(p, ['/stores', '/store/', '/services', '/service/', '/staff', '/customers', '/customer/', '/user/', '/users/']) ||
    isAny(p, ['/reports', '/subscription', '/sign-in-sheets'])
  ) {
    return { module: 'store', label: 'Store management' };
  }
  return null;
}
