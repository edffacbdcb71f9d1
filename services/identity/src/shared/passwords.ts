import argon2 from 'argon2';

/**
 * argon2id with the library's defaults (64 MiB, 3 passes): about 0.1 s per hash on a small machine.
 * PASSWORD_HASH_COST=test (set by the launcher's test runs only) uses 1 MiB and 1 pass, so suites that sign
 * in hundreds of times stay fast; a production process refuses it. Hashes carry their parameters, so
 * verifying works whatever the setting was when a hash was made.
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

function hashOptions() {
  const cost = process.env.PASSWORD_HASH_COST;
  if (cost === undefined || cost === '' || cost === 'standard') return {};
  if (cost !== 'test') throw new Error(`PASSWORD_HASH_COST must be "standard" or "test", got "${cost}"`);
  if (process.env.NODE_ENV === 'production') throw new Error('PASSWORD_HASH_COST=test is refused in production');
  return TEST_COST;
}

export async function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id, ...hashOptions() });
}

// Checked against when the account does not exist, so an unknown email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined | null, plain: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return argon2.verify(hash, plain).catch(() => false);
}
