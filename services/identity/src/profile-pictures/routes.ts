import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { identity } from '@turnbook/contracts';
import { SUPER_ADMIN } from '@turnbook/domain';
import { AppError, bearerToken, forbidden, handler, unauthenticated, verifyToken } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { findPicture, uploadProfilePicture } from './upload';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const FileParams = z.object({ file: z.string().regex(/^\d+-[0-9a-f]{16}\.(jpg|png)$/, 'must be a picture file name') });

export function profilePictureRoutes(d: Deps) {
  return {
    'POST uploadProfilePicture/{userId}/{orientation}': handler({
      params: identity.UploadProfilePictureParams,
      // Who may upload is checked before the upload is read, so strangers cannot make us buffer 5 MB.
      before: [selfOnly(d), photoUpload()],
      handle: async ({ params, req }) => {
        if (!req.file) throw new AppError('validation', 'photo: is required', 'photo');
        return uploadProfilePicture(d, params.userId, params.orientation, req.file.buffer);
      },
    }),
    'GET profile-pictures/{file}': handler({
      params: FileParams,
      handle: async ({ params, res }) => {
        const picture = await findPicture(d, params.file);
        // File names are never reused, so the picture can be cached for good.
        // Public avatars: MFE dev servers on other origins may show them too (helmet defaults to same-origin).
        res.set({ 'Cache-Control': 'public, max-age=31536000, immutable', 'Cross-Origin-Resource-Policy': 'cross-origin' });
        res.type(picture.contentType).send(picture.data);
      },
    }),
  };
}

/** The route's 'self' rule, run early; the router checks it again after parsing. */
function selfOnly(d: Deps) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next(unauthenticated());
    verifyToken(token, d.keys).then((caller) => {
      const allowed = caller.kind === 'user' && (caller.role === SUPER_ADMIN || caller.userId === Number(req.params.userId));
      next(allowed ? undefined : forbidden());
    }, next);
  };
}

/** Multipart field `photo`, kept in memory, 5 MB at most, images only. */
function photoUpload() {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
    fileFilter: (_req, file, cb) => {
      if (file.fieldname === 'photo' && file.mimetype.startsWith('image/')) return cb(null, true);
      cb(new AppError('validation', file.fieldname === 'photo' ? 'photo: must be an image' : `${file.fieldname}: unexpected file`, file.fieldname));
    },
  }).single('photo');
  return (req: Request, res: Response, next: NextFunction) =>
    single(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('validation', 'photo: is too large (5 MB at most)', 'photo'));
        return next(new AppError('validation', `${err.field ?? 'photo'}: ${err.message}`, err.field ?? 'photo'));
      }
      next(err);
    });
}
