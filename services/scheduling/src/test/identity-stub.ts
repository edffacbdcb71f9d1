import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { INTERNAL_TOKEN_HEADER } from '@turnbook/contracts';

export interface StubUser {
  id: number;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  color: string;
  profile_image: string | null;
  role: string;
  app_version: string | null;
  phoneVerified: boolean;
  /** Whether the account is verified and when it was made (a guest's account is fresh and unverified). */
  verified: boolean;
  createdAt: string;
}

/**
 * A test double of identity's internal routes that scheduling calls (store accounts, users by email,
 * staff accounts). Its answers are the routes' (scheduling's client parses them with the response schemas).
 * The e2e suite covers the real identity service.
 */
export async function startIdentityStub(token: string) {
  const users = new Map<string, StubUser>();
  const passwords = new Map<string, string>();
  const accounts = new Map<number, { username: string; permalink: string; ownerId: number; password?: string }>();
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let failNext: number | null = null;

  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    calls.push({ method: req.method, path: req.path, body: req.body });
    if (req.get(INTERNAL_TOKEN_HEADER) !== token) return void res.status(401).json({ message: 'no' });
    if (failNext) {
      const status = failNext;
      failNext = null;
      return void res.status(status).json({ message: 'identity is down' });
    }
    next();
  });
  app.put('/internal/store-accounts/:storeId', (req, res) => {
    const storeId = Number(req.params.storeId);
    const username = String(req.body.username);
    const clash = [...accounts.entries()].find(([id, a]) => a.username === username && id !== storeId);
    if (clash) return void res.status(409).json({ message: 'This username is already taken', code: 'conflict', field: 'username' });
    const created = !accounts.has(storeId);
    const account = { ...accounts.get(storeId), ...req.body };
    accounts.set(storeId, account);
    res.status(created ? 201 : 200).json({ storeId, ownerId: account.ownerId, permalink: account.permalink, username: account.username });
  });
  app.delete('/internal/store-accounts/:storeId', (req, res) => {
    accounts.delete(Number(req.params.storeId));
    res.json({ success: true });
  });
  app.post('/internal/users/by-email', (req, res) => {
    res.json({ user: users.get(String(req.body.email).toLowerCase()) ?? null });
  });
  app.post('/internal/users/by-ids', (req, res) => {
    const ids = new Set((req.body.ids as number[]).map(Number));
    res.json({ users: [...users.values()].filter((u) => ids.has(u.id)) });
  });
  // Staff accounts: a new professional user who can sign in with this email and password.
  let nextUserId = 9_000_000 + Math.floor(Math.random() * 900_000) * 10;
  app.post('/internal/staff-accounts', (req, res) => {
    const email = String(req.body.email).toLowerCase();
    if (users.has(email)) return void res.status(409).json({ message: 'has account', code: 'hasAccount' });
    const id = nextUserId++;
    users.set(email, { id, email, fname: req.body.fname, lname: req.body.lname, phone: req.body.phone ?? '', color: '#00bcd4', profile_image: null, role: 'professional', app_version: null, phoneVerified: false, verified: true, createdAt: new Date().toISOString() });
    passwords.set(email, String(req.body.password));
    res.status(201).json({ userId: id });
  });

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    users,
    /** What identity's login would check for accounts made through staff-accounts. */
    login: (email: string, password: string) => (passwords.get(email.toLowerCase()) === password ? users.get(email.toLowerCase()) ?? null : null),
    accounts,
    calls,
    addUser(u: Partial<StubUser> & { id: number; email: string }) {
      const user: StubUser = { fname: `user${u.id}`, lname: 'test', phone: '2155550100', color: '#00bcd4', profile_image: null, role: 'professional', app_version: null, phoneVerified: false, verified: true, createdAt: new Date(0).toISOString(), ...u };
      users.set(user.email, user);
      return user;
    },
    /** An account as identity's users-by-ids answers it to scheduling (a guest's booking flow). */
    accountById(id: number) {
      const u = [...users.values()].find((x) => x.id === id);
      return u ? { id: u.id, phone: u.phone, verified: u.verified, createdAt: u.createdAt } : null;
    },
    /** The next call answers this status. */
    failNextWith(status: number) {
      failNext = status;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type IdentityStub = Awaited<ReturnType<typeof startIdentityStub>>;
