import { normalizeEmail } from './text';

describe('email normalisation', () => {
  it('when an email has full-width letters, a zero-width space, capitals or spaces, then it is the plain lowercase address', () => {
    expect(normalizeEmail('ａｎｎ@ｅｘａｍｐｌｅ.com')).toBe('ann@example.com');
    expect(normalizeEmail('an\u200bn@example.com')).toBe('ann@example.com');
    expect(normalizeEmail('\ufeff  Ann@Example.COM \u2060')).toBe('ann@example.com');
  });
});
