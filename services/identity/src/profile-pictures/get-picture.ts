import { notFound } from '@turnbook/service-kit';
import type { PicturesRepository } from './repository';

export async function getPicture(d: { pictures: PicturesRepository }, file: string) {
  const picture = await d.pictures.find(file);
  if (!picture) throw notFound('Picture not found');
  return picture;
}
