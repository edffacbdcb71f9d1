export interface PageTitle {
  title: string;
  description: string;
}

const DEFAULT: PageTitle = {
  title: 'Turnbook: salon appointment scheduling',
  description: 'Online appointment scheduling for nail and beauty salons: calendar, staff turns, kiosk sign-in and online booking.',
};

/** Titles and descriptions per first path segment (docs/product/README.md). */
export const PAGE_TITLES: Record<string, PageTitle> = {
  login: { title: 'Log in | Turnbook', description: 'Log in to Turnbook with your email or store username.' },
  register: { title: 'Sign up | Turnbook', description: 'Create your Turnbook account: stores with 3 or less staff are free.' },
  activate: { title: 'Activate your account | Turnbook', description: 'Activate your Turnbook account.' },
  'forgot-password': { title: 'Forgot password | Turnbook', description: 'Get a link to reset your Turnbook password.' },
  'reset-password': { title: 'Reset password | Turnbook', description: 'Choose a new Turnbook password.' },
  'terms-of-use': { title: 'Terms of Use | Turnbook', description: 'The terms that govern the use of Turnbook.' },
  'privacy-policy': { title: 'Privacy Policy | Turnbook', description: 'How Turnbook collects, uses and protects your data.' },
  calendar: { title: 'Calendar | Turnbook', description: 'Your store calendar: appointments per staff member, colour highlighted.' },
};

export function pageTitleFor(pathname: string): PageTitle {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return PAGE_TITLES[first] ?? DEFAULT;
}
