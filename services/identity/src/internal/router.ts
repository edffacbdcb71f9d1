import express, { type Router } from 'express';
import { identity } from '@turnbook/contracts';
import { parse } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { removeStoreAccount, upsertStoreAccount } from '../store-accounts/store-accounts';
import { toPublicUser } from '../users/public-user';
import { SeedUsersBody, StoreIdParams, UserByEmailBody, UsersByIdsBody } from './schemas';
import { seedUsers } from './seed-users';

/** Service-to-service calls (INTERNAL_ROUTES); the kit mounts this under /internal behind the token guard. */
export function internalRouter(d: Deps): Router {
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

  r.post('/users/by-ids', async (req, res) => {
    const { ids } = parse(UsersByIdsBody, req.body, 'body');
    res.json({ users: (await d.users.findByIds(ids)).map(toPublicUser) });
  });

  r.post('/users/by-email', async (req, res) => {
    const { email } = parse(UserByEmailBody, req.body, 'body');
    const user = await d.users.findByEmail(email);
    res.json({ user: user ? toPublicUser(user) : null });
  });

  r.post('/seed/users', async (req, res) => {
    res.json(await seedUsers(d, parse(SeedUsersBody, req.body, 'body')));
  });

  return r;
}
