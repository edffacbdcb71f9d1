import { badRequest, reply, type Handlers } from '@turnbook/service-kit';
import { removeStoreAccount, type RemoveStoreAccountDeps } from './remove-store-account';
import { storeResetPassword, type StoreResetPasswordDeps } from './store-reset-password';
import { upsertStoreAccount, type UpsertStoreAccountDeps } from './upsert-store-account';

export function storeAccountRoutes(d: StoreResetPasswordDeps & UpsertStoreAccountDeps & RemoveStoreAccountDeps): Handlers {
  return {
    'POST storeResetPassword': async ({ body, ip }) => {
      const answer = await storeResetPassword(d, body, ip);
      return answer.success ? answer : reply(answer, 400);
    },
    // Scheduling's internal calls, with the store (the router checks the internal token).
    'PUT internal/store-accounts/{storeId}': async ({ params, body }) => {
      if (body.storeId !== undefined && body.storeId !== params.storeId) throw badRequest('storeId', 'storeId: must be the store of the path');
      const { created, account } = await upsertStoreAccount(d, params.storeId, { ...body, storeId: params.storeId });
      return reply(account, created ? 201 : 200);
    },
    'DELETE internal/store-accounts/{storeId}': async ({ params }) => removeStoreAccount(d, params.storeId),
  };
}
