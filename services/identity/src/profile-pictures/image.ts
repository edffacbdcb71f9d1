import sharp from 'sharp';
import { badRequest } from '@turnbook/service-kit';

export const MAX_SIDE = 512;

/**
 * Turns an upload into a small, clean picture: camera orientation applied, then the user's rotation
 * (0/90/180/270), at most 512 px a side, metadata (GPS etc.) dropped. Re-encoding also means we never
 * serve the bytes someone uploaded.
 */
export async function processPicture(input: Buffer, orientation: number): Promise<{ data: Buffer; contentType: string; ext: string }> {
  // Refuses decompression bombs and anything sharp cannot read as an image.
  const open = () => sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' });
  let hasAlpha: boolean;
  try {
    ({ hasAlpha } = await open().metadata());
  } catch {
    throw badRequest('photo', 'photo: must be an image (JPEG, PNG, WebP, GIF)');
  }
  const pipeline = open()
    .autoOrient()
    .rotate(orientation)
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  try {
    if (hasAlpha) return { data: await pipeline.png().toBuffer(), contentType: 'image/png', ext: 'png' };
    return { data: await pipeline.jpeg({ quality: 85 }).toBuffer(), contentType: 'image/jpeg', ext: 'jpg' };
  } catch {
    throw badRequest('photo', 'photo: could not be read as an image');
  }
}
