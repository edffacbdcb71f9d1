import { badRequest, notFound, reply, type Handlers } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import { createStaffAccount, type CreateStaffAccountDeps } from '../staff-accounts/create-staff-account';
import { removeStoreAccount } from '../store-accounts/remove-store-account';
import { upsertStoreAccount, type UpsertStoreAccountDeps } from '../store-accounts/upsert-store-account';
import { toPublicUser } from '../users/public-user';
import { seedUsers, type SeedUsersDeps } from './seed-users';

export type InternalDeps = UpsertStoreAccountDeps & SeedUsersDeps & CreateStaffAccountDeps & { links: OneTimeLinks };

/** The service-to-service calls identity serves (the route table's internal rows; the router checks the token). */
export function internalRoutes(d: InternalDeps): Handlers {
  return {
    'PUT internal/store-accounts/{storeId}': async ({ params, body }) => {
      if (body.storeId !== undefined && body.storeId !== params.storeId) throw badRequest('storeId', 'storeId: must be the store of the path');
      const { created, account } = await upsertStoreAccount(d, params.storeId, { ...body, storeId: params.storeId });
      return reply(account, created ? 201 : 200);
    },
    'DELETE internal/store-accounts/{storeId}': async ({ params }) => removeStoreAccount(d, params.storeId),
    'POST internal/staff-accounts': async ({ body }) => createStaffAccount(d, body),
    // Services also learn whether the account is verified and when it was made (customers ties a guest's
    // booking to the account registered in the same flow).
    'POST internal/users/by-ids': async ({ body }) => ({
      users: (await d.users.findByIds(body.ids)).map((u) => ({ ...toPublicUser(u), verified: u.verified, createdAt: u.createdAt.toISOString() })),
    }),
    'POST internal/users/by-email': async ({ body }) => {
      const user = await d.users.findByEmail(body.email);
      return { user: user ? toPublicUser(user) : null };
    },
    'GET internal/mails/{mailId}': async ({ params }) => {
      const url = await d.links.mailUrl(params.mailId);
      if (!url) throw notFound('Mail not found or expired');
      return { url };
    },
    'POST internal/seed/users': async ({ body }) => seedUsers(d, body),
  };
}
