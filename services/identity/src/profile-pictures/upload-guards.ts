import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { SUPER_ADMIN } from '@turnbook/domain';
import { AppError, bearerToken, forbidden, unauthenticated, verifyToken, type KeySource, type RevokedSessions } from '@turnbook/service-kit';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The route's 'self' rule, run early; the router checks it again after the upload. */
export function selfOnly(keys: KeySource, revoked: RevokedSessions) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next(unauthenticated());
    verifyToken(token, keys, revoked).then((caller) => {
      const allowed = caller.kind === 'user' && (caller.role === SUPER_ADMIN || caller.userId === Number(req.params.userId));
      next(allowed ? undefined : forbidden());
    }, next);
  };
}

/** Multipart field `photo`, kept in memory, 5 MB at most, images only; its bytes become `body.photo`. */
export function photoUpload() {
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
      if (!err) {
        req.body = { ...(req.body ?? {}), photo: req.file?.buffer };
        return next();
      }
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('validation', 'photo: is too large (5 MB at most)', 'photo'));
        return next(new AppError('validation', `${err.field ?? 'photo'}: ${err.message}`, err.field ?? 'photo'));
      }
      next(err);
    });
}
