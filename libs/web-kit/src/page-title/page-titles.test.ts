import { pageTitleFor } from './page-titles';

describe('page titles', () => {
  it.each(['login', 'register', 'activate', 'forgot-password', 'reset-password', 'terms-of-use', 'privacy-policy', 'calendar'])(
    'when the first segment is %s, then it has its own title and description',
    (seg) => {
      const t = pageTitleFor(`/${seg}/x`);
      expect(t.title).not.toBe(pageTitleFor('/').title);
      expect(t.description.length).toBeGreaterThan(10);
    },
  );
});
