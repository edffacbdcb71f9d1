import { createHasher, hashCostFor } from '../src/hashing';

describe('hashing secrets (passwords and PINs)', () => {
  it('when PASSWORD_HASH_COST=low outside tests, then the default cost is used', () => {
    expect(hashCostFor({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'low' })).toBe('default');
    expect(hashCostFor({ NODE_ENV: 'development', PASSWORD_HASH_COST: 'low' })).toBe('default');
    expect(hashCostFor({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'low' })).toBe('low');
    expect(hashCostFor({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'default' })).toBe('default');
  });

  it('when hashed at either cost, then it is argon2id and either instance verifies it (the parameters travel in the hash)', async () => {
    const low = createHasher('low');
    const normal = createHasher('default');
    const cheap = await low.hash('s3cret');
    const dear = await normal.hash('s3cret');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(dear).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect([await normal.verify(cheap, 's3cret'), await low.verify(dear, 's3cret'), await low.verify(dear, 'wrong')]).toEqual([true, true, false]);
    expect(await low.verify(null, 's3cret')).toBe(false);
  });
});
