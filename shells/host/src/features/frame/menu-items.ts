import type { MenuEntry } from '@turnbook/domain/roles/roles';
import type { SessionValues } from '@turnbook/web-kit';

/** Where each menu entry goes (docs/product/README.md "Navigation menu"); null for Log Out, which is an action. */
export function menuHref(entry: MenuEntry, s: Pick<SessionValues, 'store_permalink' | 'user_id'>): string | null {
  switch (entry) {
    case 'Admin Dashboard':
      return '/admin-dashboard';
    case 'Customer Sign In':
      return '/customer-sign-in-sheet';
    case 'Turns Indicator':
      return '/sign-in-sheets';
    case 'Switch Store':
      return '/stores';
    case 'Store Details':
      return s.store_permalink ? `/store/${s.store_permalink}` : '/stores';
    case 'Services':
      return '/services';
    case 'Staff':
      return '/staffs';
    case 'Customers':
      return '/customers';
    case 'Reports':
      return '/reports';
    case 'Franchise Report':
      return '/franchise-report';
    case 'Appointments':
      return '/appointments';
    case 'My Account':
      return s.user_id ? `/user/${s.user_id}` : '/stores';
    case 'Subscription':
      return '/subscription';
    case 'Log Out':
      return null;
  }
}
