import type { PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';

/** Names are stored lower-case (001 §5); customers read them capitalised: 'mary ann' → 'Mary Ann'. */
export const capitalised = (name: string) => name.trim().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/** The name a customer knows a staff member by (nickname first), capitalised. */
export const staffLabel = (e: Pick<PublicEmployeeView, 'nickname' | 'fname'>) => capitalised(e.nickname || e.fname || '');

/** Up to two initials for an avatar without a photo: 'Mary Ann' → 'MA', 'lily' → 'L'. */
export const initialsOf = (name: string) =>
  capitalised(name)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');

/** The staff member's photo when the record has one. */
export const photoOf = (e: Pick<PublicEmployeeView, 'url' | 'profile_image'>) => e.url || e.profile_image || null;
