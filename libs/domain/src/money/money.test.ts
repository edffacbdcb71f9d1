import { formatCents, formatDollars } from './money';

describe('money', () => {
  it.each([
    [2441, '$2,441.00'],
    [3209, '$3,209.00'],
    [0, '$0.00'],
    [12.5, '$12.50'],
    [1234567.891, '$1,234,567.89'],
    [-5.5, '-$5.50'],
    [null, '$0.00'],
    [Number.NaN, '$0.00'],
  ])('when %p dollars are shown, then they read %p', (dollars, text) => {
    expect(formatDollars(dollars)).toBe(text);
  });

  it('when cents are shown, then they read as dollars with a thousands separator', () => {
    expect(formatCents(320900)).toBe('$3,209.00');
    expect(formatCents(1000)).toBe('$10.00');
    expect(formatCents(undefined)).toBe('$0.00');
  });
});
