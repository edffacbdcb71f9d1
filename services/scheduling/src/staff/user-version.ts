/**
 * Orders what we know of a user: `occurredAt` of the `user.updated` event (ISO, so text order is time
 * order) with its sequence number, or the moment the details were read from identity.
 */
export function userVersionOf(occurredAt: string, seq = 0): string {
  return `${occurredAt}|${String(seq).padStart(12, '0')}`;
}

export const userVersionNow = (): string => userVersionOf(new Date().toISOString());
