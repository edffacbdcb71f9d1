import { reply, type Handlers } from '@turnbook/service-kit';
import { storeResetPassword, type StoreResetPasswordDeps } from './store-reset-password';

export function storeAccountRoutes(d: StoreResetPasswordDeps): Handlers {
  return {
    'POST storeResetPassword': async ({ body, ip }) => {
      const answer = await storeResetPassword(d, body, ip);
      return answer.success ? answer : reply(answer, 400);
    },
  };
}
