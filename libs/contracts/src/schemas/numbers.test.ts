import { CardOnFileSetupBody } from './card-on-file';
import { Id } from './common';
import { Duration, Pin, PriceDollars, VerifyStorePinBody } from './scheduling';

describe('numbers on the wire', () => {
  it('when an id comes as a number or a string of digits (a path, a form), then it is read as that number', () => {
    expect(Id.parse(42)).toBe(42);
    expect(Id.parse('42')).toBe(42);
    expect(Id.parse(' 7 ')).toBe(7);
  });

  it("when an id is '' or null (the spec's client sends appointmentId '' for none), then it is 0, as it always was", () => {
    expect(Id.parse('')).toBe(0);
    expect(Id.parse('  ')).toBe(0);
    expect(Id.parse(null)).toBe(0);
  });

  it.each([true, false, [], [5], {}, 'abc', '1e3', '0x10'])('when an id is %j, then it is refused as not a number (never read as 0 or 1)', (value) => {
    const result = CardOnFileSetupBody.safeParse({ storeId: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['storeId'], message: 'must be a number' });
  });

  it('when an id is negative or a fraction, then its bound refuses it', () => {
    expect(Id.safeParse(-1).success).toBe(false);
    expect(Id.safeParse('1.5').success).toBe(false);
  });

  it("when a price or a duration comes from a form, then '27.50', '.5' and '30' are read and '' or true are refused in the field's words", () => {
    expect(PriceDollars.parse('27.50')).toBe(27.5);
    expect(PriceDollars.parse('.5')).toBe(0.5);
    expect(Duration.parse('30')).toBe(30);
    expect(Duration.safeParse('').error?.issues[0].message).toBe('Please enter a duration');
    expect(Duration.safeParse('abc').error?.issues[0].message).toBe('Please enter a duration');
    expect(Duration.safeParse(true).error?.issues[0].message).toBe('Please enter a duration');
    expect(PriceDollars.safeParse(true).error?.issues[0].message).toBe('must be a number');
  });
});

describe('PINs on the wire', () => {
  it('when a PIN comes as text or as a JSON number, then it is read as its digits; true or a list is refused', () => {
    expect(Pin.parse('0042')).toBe('0042');
    expect(Pin.parse(2468)).toBe('2468');
    expect(VerifyStorePinBody.parse({ storeId: 1, PIN: 2468 }).PIN).toBe('2468');
    for (const bad of [true, [2468], { pin: 2468 }, null]) expect(Pin.safeParse(bad).error?.issues[0].message).toBe('must be 4 to 8 digits');
    expect(VerifyStorePinBody.safeParse({ storeId: 1, PIN: [2468] }).error?.issues[0]).toMatchObject({ path: ['PIN'], message: 'Please enter the PIN' });
  });
});
