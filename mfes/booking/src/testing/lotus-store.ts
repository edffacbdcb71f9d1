import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';

/** The store the booking page's tests open: New York, open every day but Sunday. */
export const ZONE = 'America/New_York';
export const STORE = {
  id: 1, name: 'lotus nail spa', street: '1 main st', address2: '', city: 'philadelphia', state: 'PA', zip: '19103',
  email: 'lotus@x.com', phone: '2155550100', permalink: 'lotus-nail-spa', status: 'ON', timezone: ZONE,
  hours: { mon: '10:00 am-6:00 pm', tue: '10:00 am-6:00 pm', wed: '10:00 am-6:00 pm', thu: '10:00 am-6:00 pm', fri: '10:00 am-6:00 pm', sat: '10:00 am-5:00 pm', sun: 'closed-closed' },
} satisfies PublicStoreView;
