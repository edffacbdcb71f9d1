import argon2 from 'argon2';

// A subpath of service-kit (`@turnbook/service-kit/hashing`), not in its index: only the services that keep
// secrets (identity's passwords, scheduling's staff and store PINs) ship the native argon2 module.

/** Hashing and checking of secrets (argon2id); one per service, built from its config. */
export interface Hasher {
  hash(plain: string): Promise<string>;
  /** False for a wrong secret, and for no hash at all (an unknown account) after the same work. */
  verify(hash: string | undefined | null, plain: string): Promise<boolean>;
}

export type HashCost = 'default' | 'low';

// The library's defaults (64 MiB, 3 passes): about 0.1 s per hash on a small machine.
const DEFAULT_COST = { type: argon2.argon2id } as const;
// For test runs only: the same algorithm and format at a fraction of the cost.
const LOW_COST = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function createHasher(cost: HashCost): Hasher {
  const options = cost === 'low' ? LOW_COST : DEFAULT_COST;
  const hash = (plain: string) => argon2.hash(plain, options);
  // Checked against when there is no hash, so an unknown account costs the same time as a wrong secret.
  let dummyHash: Promise<string> | undefined;
  return {
    hash,
    async verify(stored, plain) {
      if (!stored) {
        dummyHash ??= hash('not-a-real-secret');
        await argon2.verify(await dummyHash, plain).catch(() => false);
        return false;
      }
      return argon2.verify(stored, plain).catch(() => false);
    },
  };
}

/** The cost to use: 'low' only in tests, whatever the environment asks for otherwise. */
export function hashCostFor(config: { NODE_ENV: string; PASSWORD_HASH_COST: HashCost }): HashCost {
  return config.NODE_ENV === 'test' ? config.PASSWORD_HASH_COST : 'default';
}
