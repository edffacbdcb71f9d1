import { basePermalink, nextFreePermalink } from './permalink';

describe('permalinks', () => {
  it.each([
    ['Happy Nails', 'happy-nails'],
    ['  Happy   Nails  ', 'happy-nails'],
    ['Nails & Spa', 'nails-&-spa'],
    ['A/B Salon?', 'ab-salon'],
    ['100% Nails', '100-nails'],
    ['///', 'store'],
  ])('when the name is %p, then the permalink is %p', (name, permalink) => {
    expect(basePermalink(name)).toBe(permalink);
  });

  it.each([
    [[], 'spa'],
    [['spa'], 'spa-2'],
    [['spa', 'spa-2'], 'spa-3'],
    [['spa', 'spa-3'], 'spa-2'],
  ])('when %p are taken, then the next free one is %p', (taken, next) => {
    expect(nextFreePermalink('spa', taken)).toBe(next);
  });
});
