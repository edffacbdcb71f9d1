import type { CreateStoreValues } from '../store-schema';

/** The wizard's pages in order (docs/product/README.md: 0 name, 2 address, 3 contact, 4 hours, 5 intro, 6 account). */
export const PAGES = [0, 2, 3, 4, 5, 6] as const;
export type Page = (typeof PAGES)[number];

/** What must be non-empty before Next shows, per page. */
export const REQUIRED: Record<Page, (keyof CreateStoreValues)[]> = {
  0: ['name'],
  2: ['name', 'street', 'city', 'state', 'zip'],
  3: ['email', 'phone'],
  4: [],
  5: [],
  6: ['username', 'password', 'password_confirmation'],
};
/** The page a server error's field lives on. */
export const PAGE_OF: Record<string, Page> = {
  name: 2, street: 2, address2: 2, city: 2, state: 2, zip: 2, email: 3, phone: 3, hours: 4, timezone: 4,
  username: 6, password: 6, password_confirmation: 6,
};

export const TITLES: Record<Page, string> = {
  0: "What's the name of your business?",
  2: 'Where is your business?',
  3: 'How can customers reach you?',
  4: 'When are you open?',
  5: 'Your store sign-in account',
  6: 'Create the store sign-in account',
};

export const EMPTY: CreateStoreValues = {
  name: '', street: '', address2: '', city: '', state: '', zip: '', email: '', phone: '', username: '', password: '', password_confirmation: '',
};
