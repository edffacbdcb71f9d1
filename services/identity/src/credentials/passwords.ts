import argon2 from 'argon2';

/** Hashing and checking of passwords (argon2id); one instance per service, built from the config. */
export interface Passwords {
  hash(plain: string): Promise<string>;
  /** False for a wrong password, and for no hash at all (an unknown account) after the same work. */
  verify(hash: string | undefined | null, plain: string): Promise<boolean>;
}

// The library's defaults (64 MiB, 3 passes): about 0.1 s per hash on a small machine.
const DEFAULT_COST = { type: argon2.argon2id } as const;
// For test runs only: the same algorithm and format at a fraction of the cost.
const LOW_COST = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function createPasswords(cost: 'default' | 'low'): Passwords {
  const options = cost === 'low' ? LOW_COST : DEFAULT_COST;
  const hash = (plain: string) => argon2.hash(plain, options);
  // Checked against when the account does not exist, so an unknown email costs the same time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    async verify(stored, plain) {
      if (!stored) {
        dummyHash ??= hash('not-a-real-password');
        await argon2.verify(await dummyHash, plain).catch(() => false);
        return false;
      }
      return argon2.verify(stored, plain).catch(() => false);
    },
  };
}

/** The cost to use: 'low' only in tests, whatever the environment asks for otherwise. */
export function hashCostFor(config: { NODE_ENV: string; PASSWORD_HASH_COST: 'default' | 'low' }): 'default' | 'low' {
  return config.NODE_ENV === 'test' ? config.PASSWORD_HASH_COST : 'default';
}
