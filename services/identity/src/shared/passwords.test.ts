import { hashPassword, verifyPassword } from './passwords';

describe('password hashing cost', () => {
  const saved = { cost: process.env.PASSWORD_HASH_COST, env: process.env.NODE_ENV };
  afterEach(() => {
    process.env.PASSWORD_HASH_COST = saved.cost;
    process.env.NODE_ENV = saved.env;
    if (saved.cost === undefined) delete process.env.PASSWORD_HASH_COST;
  });

  it('when no cost is set, then the library defaults (64 MiB, 3 passes) are used', async () => {
    delete process.env.PASSWORD_HASH_COST;
    expect(await hashPassword('Secret-pass-1')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
  });

  it('when the test cost is set, then hashes are cheap and still verify', async () => {
    process.env.PASSWORD_HASH_COST = 'test';
    const hash = await hashPassword('Secret-pass-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(hash, 'Secret-pass-1')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
  });

  it('when the test cost is set in production, then hashing refuses', async () => {
    process.env.PASSWORD_HASH_COST = 'test';
    process.env.NODE_ENV = 'production';
    await expect(hashPassword('Secret-pass-1')).rejects.toThrow(/refused in production/);
  });
});
