import { isCommonPassword, passwordProblem } from './passwords';

describe('new password rules', () => {
  it('when a password is shorter than 10 characters, then it is too short', async () => {
    expect(await passwordProblem('x')).toBe('tooShort');
    expect(await passwordProblem('nine char')).toBe('tooShort');
  });

  it('when a long password is on the common list (any case), then it is too common', async () => {
    expect(await isCommonPassword('qwertyuiop')).toBe(true);
    expect(await passwordProblem('Password123')).toBe('tooCommon');
    expect(await passwordProblem('1234567890')).toBe('tooCommon');
  });

  it('when a password is long and uncommon, then it passes', async () => {
    expect(await passwordProblem('correct horse battery')).toBeNull();
  });
});
