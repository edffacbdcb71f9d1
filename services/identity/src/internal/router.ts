import express, { type Router } from 'express';
import { identity, StaffAccountBody } from '@turnbook/contracts';
import { notFound, parse } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import { createStaffAccount, type CreateStaffAccountDeps } from '../staff-accounts/create-staff-account';
import { removeStoreAccount } from '../store-accounts/remove-store-account';
import { upsertStoreAccount, type UpsertStoreAccountDeps } from '../store-accounts/upsert-store-account';
import { toPublicUser } from '../users/public-user';
import { MailIdParams, SeedUsersBody, StoreIdParams, UserByEmailBody, UsersByIdsBody } from './schemas';
import { seedUsers, type SeedUsersDeps } from './seed-users';

export type InternalDeps = UpsertStoreAccountDeps & SeedUsersDeps & CreateStaffAccountDeps & { links: OneTimeLinks };

/** Service-to-service calls (INTERNAL_ROUTES); the kit mounts this under /internal behind the token guard. */
export function internalRouter(d: InternalDeps): Router {
  const r = express.Router();

  r.put('/store-accounts/:storeId', async (req, res) => {
    const { storeId } = parse(StoreIdParams, req.params, 'params');
    const body = parse(identity.StoreAccountBody, { ...req.body, storeId }, 'body');
    const { created, account } = await upsertStoreAccount(d, storeId, body);
    res.status(created ? 201 : 200).json(account);
  });

  r.delete('/store-accounts/:storeId', async (req, res) => {
    const { storeId } = parse(StoreIdParams, req.params, 'params');
    res.json(await removeStoreAccount(d, storeId));
  });

  r.post('/staff-accounts', async (req, res) => {
    res.status(201).json(await createStaffAccount(d, parse(StaffAccountBody, req.body, 'body')));
  });

  r.post('/users/by-ids', async (req, res) => {
    const { ids } = parse(UsersByIdsBody, req.body, 'body');
    // Services also learn whether the account is verified and when it was made (customers ties a guest's
    // booking to the account registered in the same flow).
    res.json({ users: (await d.users.findByIds(ids)).map((u) => ({ ...toPublicUser(u), verified: u.verified, createdAt: u.createdAt })) });
  });

  r.post('/users/by-email', async (req, res) => {
    const { email } = parse(UserByEmailBody, req.body, 'body');
    const user = await d.users.findByEmail(email);
    res.json({ user: user ? toPublicUser(user) : null });
  });

  r.get('/mails/:mailId', async (req, res) => {
    const { mailId } = parse(MailIdParams, req.params, 'params');
    const url = await d.links.mailUrl(mailId);
    if (!url) throw notFound('Mail not found or expired');
    res.json({ url });
  });

  r.post('/seed/users', async (req, res) => {
    res.json(await seedUsers(d, parse(SeedUsersBody, req.body, 'body')));
  });

  return r;
}
