import { reply, type Handlers } from '@turnbook/service-kit';
import { changePassword, type ChangePasswordDeps } from './change-password';
import { confirmEmail, type ConfirmEmailDeps } from './confirm-email';
import { userByEmail, usersByIds } from './find-users';
import { getUser, getUserAsList, type GetUserDeps } from './get-user';
import { listUsers } from './list-users';
import { seedUsers, type SeedUsersDeps } from './seed-users';
import { updateUser, type UpdateUserDeps } from './update-user';

// Access (self or super admin; super admin only for the list; the internal token for internal/) is enforced by
// the kit's router from the route table.
export function usersRoutes(d: GetUserDeps & UpdateUserDeps & ChangePasswordDeps & ConfirmEmailDeps & SeedUsersDeps): Handlers {
  return {
    'GET user/{id}': ({ params }) => getUser(d, params.id),
    'PATCH user/{id}': ({ params, body, caller, ip }) => updateUser(d, params.id, body, { userId: caller!.userId!, ip }),
    'GET getUserById/{userId}': ({ params }) => getUserAsList(d, params.userId),
    'GET getAllUsers': () => listUsers(d),
    'POST userResetPassword': async ({ body, ip, caller }) => {
      const { answer, setCookie } = await changePassword(d, body, ip, caller?.userId === body.id);
      if (!answer.success) return reply(answer, 400);
      return setCookie ? reply(answer, 200, { 'Set-Cookie': setCookie }) : answer;
    },
    'POST auth/confirm-email': ({ body }) => confirmEmail(d, body),
    'POST internal/users/by-ids': async ({ body }) => usersByIds(d, body.ids),
    'POST internal/users/by-email': async ({ body }) => userByEmail(d, body.email),
    'POST internal/seed/users': async ({ body }) => seedUsers(d, body),
  };
}
