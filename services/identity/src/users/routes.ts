import { identity } from '@turnbook/contracts';
import { handler } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { clientIp, withRetryAfter } from '../sign-in/routes';
import { changePassword } from './change-password';
import { getUser, getUserAsList, listUsers, updateUser } from './users';

// Access (self or super admin; super admin only for the list) is enforced by the kit's router from the route table.
export function usersRoutes(d: Deps) {
  return {
    'GET user/{id}': handler({ params: identity.UserIdParams, handle: ({ params }) => getUser(d, params.id) }),
    'PATCH user/{id}': handler({
      params: identity.UserIdParams,
      body: identity.UserPatchBody,
      handle: ({ params, body }) => updateUser(d, params.id, body),
    }),
    'GET getUserById/{userId}': handler({ params: identity.UserIdParamsAlt, handle: ({ params }) => getUserAsList(d, params.userId) }),
    'GET getAllUsers': handler({ handle: () => listUsers(d) }),
    'POST userResetPassword': handler({
      body: identity.UserResetPasswordBody,
      handle: async ({ body, req, res, status }) => {
        const { ok } = await withRetryAfter(res, () => changePassword(d, body, clientIp(req.ip)));
        if (ok) return { success: true };
        status(400);
        return { success: false, message: 'currentPassword: is not your current password', code: 'validation', field: 'currentPassword' };
      },
    }),
  };
}
