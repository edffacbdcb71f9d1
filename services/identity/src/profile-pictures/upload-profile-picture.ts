import { randomBytes } from 'node:crypto';
import { notFound, type EventBus } from '@turnbook/service-kit';
import type { UsersRepository } from '../users/repository';
import { userUpdatedEvent } from '../users/events';
import { processPicture } from './image';
import type { PicturesRepository } from './repository';

export const PICTURE_PATH = '/api/profile-pictures/';

export interface UploadPictureDeps {
  users: UsersRepository;
  pictures: PicturesRepository;
  bus: EventBus;
}

/** A new avatar: stored in identity's DB, the user's profile_image points at it, the old one goes. */
export async function uploadProfilePicture(d: UploadPictureDeps, userId: number, orientation: number, photo: Uint8Array) {
  const user = await d.users.findById(userId);
  if (!user) throw notFound('User not found');
  const { data, contentType, ext } = await processPicture(Buffer.from(photo), orientation);
  // A new name per upload: browsers may cache a picture forever.
  const file = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await d.pictures.insert({ _id: file, userId, contentType, data, createdAt: new Date() });

  const profile_image = PICTURE_PATH + file;
  await d.users.update(userId, { profile_image }, [userUpdatedEvent(d.bus, { ...user, profile_image })]);
  if (user.profile_image?.startsWith(PICTURE_PATH)) await d.pictures.remove(user.profile_image.slice(PICTURE_PATH.length));
  return { profile_image };
}
