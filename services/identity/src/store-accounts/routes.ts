import { identity } from '@turnbook/contracts';
import { handler } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { clientIp, withRetryAfter } from '../sign-in/routes';
import { storeResetPassword } from './store-reset-password';

export function storeAccountRoutes(d: Deps) {
  return {
    'POST storeResetPassword': handler({
      body: identity.StoreResetPasswordBody,
      handle: async ({ body, caller, req, res, status }) => {
        const { ok } = await withRetryAfter(res, () => storeResetPassword(d, caller!, body, clientIp(req.ip)));
        if (ok) return { success: true };
        status(400);
        return { success: false, message: "userPassword: is not the owner's password", code: 'validation', field: 'userPassword' };
      },
    }),
  };
}
