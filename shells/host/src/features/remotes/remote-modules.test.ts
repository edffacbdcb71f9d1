import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRemotesFile, remoteFor, type RemotesMap } from './remote-modules';

// The remotes file as the gateway writes it: each module's own routes.json (mfes/<name>/routes.json).
const MODULES = ['admin', 'calendar', 'store', 'kiosk', 'booking'];
const remotes: RemotesMap = parseRemotesFile(
  Object.fromEntries(MODULES.map((name) => {
    const file = path.resolve(__dirname, '../../../../../mfes', name, 'routes.json');
    return [name, { entry: `/mfe/${name}/mf-manifest.json`, ...JSON.parse(readFileSync(file, 'utf8')) }];
  })),
);

// Every route of the product's route table (docs/) resolves: to a shell page or to the module that owns it.
const SHELL = ['/', '/login', '/register', '/activate', '/reset-password', '/forgot-password', '/faqs', '/terms-of-use', '/privacy-policy'];
const MODULE_OF: Record<string, string> = {
  '/admin-dashboard': 'admin', '/admin-stores': 'admin', '/admin-users': 'admin', '/admin-subscriptions': 'admin', '/admin-settings': 'admin',
  '/calendar/nails-r-us': 'calendar', '/front-desk/nails-r-us': 'calendar',
  '/stores': 'store', '/store/nails-r-us': 'store', '/stores/edit/nails-r-us': 'store', '/stores/create': 'store', '/stores/security/2': 'store',
  '/subscription': 'store', '/services': 'store', '/service/4': 'store', '/services/edit/4': 'store', '/services/create': 'store',
  '/customer-sign-in-sheet': 'kiosk', '/sign-in-sheets': 'calendar',
  '/staffs': 'store', '/staffs-archive': 'store', '/staff-pto/8': 'store', '/staff-archive/8': 'store', '/staffs/edit/8': 'store',
  '/staff-add-pto/8': 'store', '/staff-edit-pto/3': 'store', '/staffs/create': 'store', '/staff-schedule/8': 'store',
  '/customers': 'store', '/customer/12': 'store', '/customers/edit/12': 'store', '/customers/create': 'store', '/reports': 'store',
  '/user/7': 'store', '/users/edit/7': 'store', '/users/security/7': 'store',
  '/booking/nails-r-us': 'booking', '/appointments': 'booking',
};

describe('route to module', () => {
  it.each(Object.entries(MODULE_OF))('when %s is opened, then the %s module owns it', (p, module) => {
    expect(remoteFor(p, remotes)?.module).toBe(module);
  });

  it.each(SHELL)('when %s is opened, then no module claims it (the shell owns it)', (p) => {
    expect(remoteFor(p, remotes)).toBeNull();
  });

  it('when /booking/{permalink} is opened, then no token is needed; admin routes need the super admin', () => {
    expect(remoteFor('/booking/glow', remotes)?.isPublic).toBe(true);
    expect(remoteFor('/admin-users', remotes)?.superAdmin).toBe(true);
    expect(remoteFor('/customers', remotes)?.isPublic).toBeFalsy();
  });

  it('when a module adds a route to its routes file, then the shell routes it with no rebuild', () => {
    const json = { kiosk: { entry: '/mfe/kiosk/mf-manifest.json', routes: [{ path: '/turns-indicator', label: 'Turns' }] } };
    expect(remoteFor('/turns-indicator', parseRemotesFile(json))?.module).toBe('kiosk');
    expect(remoteFor('/turns-indicator', remotes)).toBeNull();
  });

  it('when an exact path and a prefix both match, then the exact path wins whatever the order', () => {
    const json = {
      a: { entry: '/a.json', routes: [{ prefix: '/customer', label: 'A' }] },
      b: { entry: '/b.json', routes: [{ path: '/customer-sign-in-sheet', label: 'B' }] },
    };
    expect(remoteFor('/customer-sign-in-sheet/', parseRemotesFile(json))?.module).toBe('b');
    expect(remoteFor('/customers', parseRemotesFile(json))?.module).toBe('a');
  });

  it('when the remotes file lists a module by its manifest URL only or a route without a label, then that module owns no path', () => {
    const map = parseRemotesFile({ calendar: '/mfe/calendar/mf-manifest.json', store: { entry: '/s.json', routes: [{ prefix: '/stores' }] } });
    expect(map.calendar).toEqual({ entry: '/mfe/calendar/mf-manifest.json', routes: [] });
    expect(remoteFor('/stores', map)).toBeNull();
  });
});
