import type { PublicUser } from '@turnbook/contracts/schemas/identity';
import { api, multipartBody } from '@turnbook/web-kit';
import { displayName } from '@turnbook/domain/text/names';

/** A user as identity answers it. */
export type User = PublicUser;

export const UPDATE_USER_QUESTION = 'Do you want to update this user?';
export const DEFAULT_USER_COLOR = '#00bcd4';
/** The profile update page switches to its confirmation after 1 s (docs/product/statuses.md). */
export const UPDATED_DELAY_MS = 1000;
export const ORIENTATIONS = [0, 90, 180, 270] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** A person on a soft background: the avatar of a user without a picture. */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#e7f5f8"/><circle cx="48" cy="38" r="17" fill="#9cc9d3"/><path d="M16 90c2-18 15-28 32-28s30 10 32 28z" fill="#9cc9d3"/></svg>',
  );

export const userKeys = { one: (id: string | number) => ['user', String(id)] as const };

export async function fetchUser(id: string | number): Promise<User | null> {
  const res = await api.get('GET user/{id}', { id });
  return res?.user ?? null;
}

/** POST uploadProfilePicture/{userId}/{orientation} with the multipart field `photo`. */
export async function uploadProfilePicture(userId: string | number, orientation: Orientation, file: Blob, fileName = 'photo.jpg'): Promise<{ profile_image: string }> {
  const key = 'POST uploadProfilePicture/{userId}/{orientation}';
  // A picture over 5 MB answers 400 'photo: is too large (5 MB at most)', shown on the photo field.
  return api.post(key, multipartBody(key, { photo: [file, fileName] }), { userId, orientation });
}

export const fullName = (u: Pick<User, 'fname' | 'lname'>) => displayName([u.fname, u.lname].filter(Boolean).join(' '));
export const colorHex = (c: string | null | undefined) => (c ? (c.startsWith('#') ? c : `#${c}`) : DEFAULT_USER_COLOR);
