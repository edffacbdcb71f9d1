import { reply, type Handlers, type KeySource, type RevokedSessions } from '@turnbook/service-kit';
import { getPicture } from './get-picture';
import { photoUpload, selfOnly } from './upload-guards';
import { uploadProfilePicture, type UploadPictureDeps } from './upload-profile-picture';

export function profilePictureRoutes(d: UploadPictureDeps & { keys: KeySource; revocations: RevokedSessions }): Handlers {
  return {
    'POST uploadProfilePicture/{userId}/{orientation}': {
      // Who may upload is checked before the upload is read, so strangers cannot make us buffer 5 MB.
      before: [selfOnly(d.keys, d.revocations), photoUpload()],
      handle: ({ params, body }) => uploadProfilePicture(d, params.userId, params.orientation, body.photo),
    },
    'GET profile-pictures/{file}': async ({ params }) => {
      const picture = await getPicture(d, params.file);
      return reply(picture.data, 200, {
        'Content-Type': picture.contentType,
        // File names are never reused, so the picture can be cached for good.
        'Cache-Control': 'public, max-age=31536000, immutable',
        // Public avatars: MFE dev servers on other origins may show them too (helmet defaults to same-origin).
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
    },
  };
}
