import { canSignIn, capitalised, minutesPhrase, resizePicks } from './wizard-model';

describe('the wizard rules', () => {
  it('when a party of 3 has chosen for two people only, then Sign In does not show; once the third chooses, it does', () => {
    expect(canSignIn([[1], [2], []], 3)).toBe(false);
    expect(canSignIn([[1], [2], [1, 2]], 3)).toBe(true);
    expect(canSignIn([[]], 1)).toBe(false);
    expect(canSignIn([[4]], 1)).toBe(true);
  });

  it('when the party shrinks and grows again, then the choices of the people kept stay', () => {
    expect(resizePicks([[1], [2], [3]], 2)).toEqual([[1], [2]]);
    expect(resizePicks([[1]], 3)).toEqual([[1], [], []]);
  });

  it('when a wait or a name is shown, then it reads naturally', () => {
    expect([1, 25, 60, 61, 135].map(minutesPhrase)).toEqual(['1 minute', '25 minutes', '1 hour', '1 hour 1 minute', '2 hours 15 minutes']);
    expect(capitalised("lotus nail spa")).toBe('Lotus Nail Spa');
    expect(capitalised("mary-jo o'neil")).toBe("Mary-Jo O'Neil");
  });
});
