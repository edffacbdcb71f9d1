import { digitsOnly, formatPhone, isTenDigitPhone, smsRecipient } from './phone';

describe('phone', () => {
  it.each([
    ['2155550123', '(215) 555-0123'],
    ['(215) 555-0123', '(215) 555-0123'],
    ['215-555-0123', '(215) 555-0123'],
    ['12155550123', '(215) 555-0123'],
    ['215', '(215)'],
    ['2155', '(215) 5'],
    ['21', '21'],
    ['2155550', '(215) 555-0'],
    ['12', '1 2'],
    ['1234', '1 (234)'],
    ['12155550', '1 (215) 555-0'],
    ['012345', '012345'],
    ['', ''],
  ])('when formatting %p, then it shows %p', (raw, shown) => {
    expect(formatPhone(raw)).toBe(shown);
  });

  it('when the number has 10 digits after stripping, then it is valid', () => {
    expect(isTenDigitPhone('(215) 555-0123')).toBe(true);
    expect(isTenDigitPhone('215 555 012')).toBe(false);
    expect(isTenDigitPhone(undefined)).toBe(false);
  });

  it('when building an SMS recipient, then 1 is prefixed', () => {
    expect(smsRecipient('(215) 555-0123')).toBe('12155550123');
    expect(digitsOnly('a1b2')).toBe('12');
  });
});
