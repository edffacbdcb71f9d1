import { basePermalink, isCurrentPermalink, nextFreePermalink } from './permalink';

describe('permalinks', () => {
  it.each([
    ['Happy Nails', 'happy-nails'],
    ['  Happy   Nails  ', 'happy-nails'],
    ['Nails & Spa', 'nails-&-spa'],
    ['A/B Salon?', 'ab-salon'],
    ['100% Nails', '100-nails'],
    ['Nails #1', 'nails-1'],
    ['Back\\Slash', 'backslash'],
    ['///', 'store'],
    ['..', 'store'],
    ['.', 'store'],
    ['', 'store'],
    ['Zero\u200BWidth Nails', 'zerowidth-nails'],
    ['Tab\tand\u0007Bell', 'tab-andbell'],
    ['"Quoted" <Nails> {Bar} |Pipe| ^Up `Tick`', 'quoted-nails-bar-pipe-up-tick'],
    ['Ｆｕｌｌ Width', 'full-width'],
    ["Anna's Nails & Spa", "anna's-nails-&-spa"],
    ['Café Ongles', 'café-ongles'],
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

  it.each([
    ['twin-spa', 'twin-spa', true],
    ['twin-spa', 'twin-spa-2', true],
    ['twin-spa', 'twin-spa-12', true],
    ['twin', 'twin-spa-2', false],
    ['twin-spa-3', 'twin-spa-2', false],
    ['other', 'twin-spa', false],
  ])('when %p is sent for the store %p, then it names the current one: %p', (sent, current, same) => {
    expect(isCurrentPermalink(sent, current)).toBe(same);
  });
});
