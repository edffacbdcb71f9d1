import { createHash, randomBytes } from 'node:crypto';

/** A random link secret (32 bytes, URL-safe). Only its sha256 is stored. */
export function newSecret(): { secret: string; digest: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, digest: digestOf(secret) };
}

export function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
