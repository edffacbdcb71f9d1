import { remoteFor } from './remote-modules';

// Every route of doc 000 §2 "Full route table" resolves: to a shell page or to the module that owns it.
const SHELL = ['/', '/login', '/register', '/activate', '/reset-password', '/forgot-password', '/faqs', '/terms-of-use', '/privacy-policy'];
const MODULE_OF: Record<string, string> = {
  '/admin-dashboard': 'admin', '/admin-stores': 'admin', '/admin-users': 'admin', '/admin-subscriptions': 'admin', '/admin-settings': 'admin',
  '/calendar/nails-r-us': 'calendar',
  '/stores': 'store', '/store/nails-r-us': 'store', '/stores/edit/nails-r-us': 'store', '/stores/create': 'store', '/stores/security/2': 'store',
  '/subscription': 'store', '/services': 'store', '/service/4': 'store', '/services/edit/4': 'store', '/services/create': 'store',
  '/customer-sign-in-sheet': 'kiosk', '/sign-in-sheets': 'store',
  '/staffs': 'store', '/staffs-archive': 'store', '/staff-pto/8': 'store', '/staff-archive/8': 'store', '/staffs/edit/8': 'store',
  '/staff-add-pto/8': 'store', '/staff-edit-pto/3': 'store', '/staffs/create': 'store', '/staff-schedule/8': 'store',
  '/customers': 'store', '/customer/12': 'store', '/customers/edit/12': 'store', '/customers/create': 'store', '/reports': 'store',
  '/user/7': 'store', '/users/edit/7': 'store', '/users/security/7': 'store',
  '/booking/nails-r-us': 'booking', '/appointments': 'booking',
};

describe('route to module', () => {
  it.each(Object.entries(MODULE_OF))('when %s is opened, then the %s module owns it', (path, module) => {
    expect(remoteFor(path)?.module).toBe(module);
  });

  it.each(SHELL)('when %s is opened, then no module claims it (the shell owns it)', (path) => {
    expect(remoteFor(path)).toBeNull();
  });

  it('when /booking/{permalink} is opened, then no token is needed; admin routes need the super admin', () => {
    expect(remoteFor('/booking/glow')?.isPublic).toBe(true);
    expect(remoteFor('/admin-users')?.superAdmin).toBe(true);
    expect(remoteFor('/customers')?.isPublic).toBeFalsy();
  });
});
