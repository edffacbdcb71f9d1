import { randomBytes } from 'node:crypto';
import { notFound } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { userUpdatedEvent } from '../users/public-user';
import { processPicture } from './image';

export const PICTURE_PATH = '/api/profile-pictures/';

/** A new avatar: stored in identity's DB, the user's profile_image points at it, the old one goes. */
export async function uploadProfilePicture(d: Deps, userId: number, orientation: number, photo: Buffer) {
  const user = await d.users.findById(userId);
  if (!user) throw notFound('User not found');
  const { data, contentType, ext } = await processPicture(photo, orientation);
  // A new name per upload: browsers may cache a picture forever.
  const file = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await d.pictures.insert({ _id: file, userId, contentType, data, createdAt: new Date() });

  const profile_image = PICTURE_PATH + file;
  await d.users.update(userId, { profile_image }, [userUpdatedEvent(d.ctx.bus, { ...user, profile_image })]);
  if (user.profile_image?.startsWith(PICTURE_PATH)) await d.pictures.remove(user.profile_image.slice(PICTURE_PATH.length));
  return { profile_image };
}

export async function findPicture(d: Deps, file: string) {
  const picture = await d.pictures.find(file);
  if (!picture) throw notFound('Picture not found');
  return picture;
}
