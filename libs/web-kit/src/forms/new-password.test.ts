import { z } from 'zod';
import { confirmedPassword } from './new-password';

const mismatch = async (schema: z.ZodType, value: unknown) => {
  const result = await schema.safeParseAsync(value);
  return result.success ? null : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('confirmedPassword', () => {
  const pair = z.object({ password: z.string(), password_confirmation: z.string() });

  it('when the two differ, then the confirmation says they did not match', async () => {
    expect(await mismatch(pair.refine(...confirmedPassword('password', 'password_confirmation')), { password: 'a-long-pass', password_confirmation: 'other' })).toEqual([
      "password_confirmation: Password didn't match",
    ]);
    expect(await mismatch(pair.refine(...confirmedPassword('password', 'password_confirmation')), { password: 'same', password_confirmation: 'same' })).toBeNull();
  });

  it("when both are empty, then only blank: 'mismatch' refuses them", async () => {
    const empty = { password: '', password_confirmation: '' };
    expect(await mismatch(pair.refine(...confirmedPassword('password', 'password_confirmation')), empty)).toBeNull();
    expect(await mismatch(pair.refine(...confirmedPassword('password', 'password_confirmation', 'mismatch')), empty)).toEqual(["password_confirmation: Password didn't match"]);
  });

  it("when the confirmation is empty, then blank: 'skip' leaves it to its own required rule", async () => {
    const typedOnce = { password: 'a-long-pass', password_confirmation: '' };
    expect(await mismatch(pair.refine(...confirmedPassword('password', 'password_confirmation', 'skip')), typedOnce)).toBeNull();
    expect(await mismatch(pair.refine(...confirmedPassword('password', 'password_confirmation')), typedOnce)).not.toBeNull();
  });
});
