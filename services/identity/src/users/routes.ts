import { reply, type Handlers } from '@turnbook/service-kit';
import { changePassword, type ChangePasswordDeps } from './change-password';
import { getUser, getUserAsList, type GetUserDeps } from './get-user';
import { listUsers } from './list-users';
import { updateUser, type UpdateUserDeps } from './update-user';

// Access (self or super admin; super admin only for the list) is enforced by the kit's router from the route table.
export function usersRoutes(d: GetUserDeps & UpdateUserDeps & ChangePasswordDeps): Handlers {
  return {
    'GET user/{id}': ({ params }) => getUser(d, params.id),
    'PATCH user/{id}': ({ params, body }) => updateUser(d, params.id, body),
    'GET getUserById/{userId}': ({ params }) => getUserAsList(d, params.userId),
    'GET getAllUsers': () => listUsers(d),
    'POST userResetPassword': async ({ body, ip }) => {
      const answer = await changePassword(d, body, ip);
      return answer.success ? answer : reply(answer, 400);
    },
  };
}
