import type { BaseConfig, ServiceContext } from '@turnbook/service-kit';
import type { z } from 'zod';
import type { identityEnv } from './config';
import { SigningKeysRepository } from './keys/repository';
import { SigningKeys } from './keys/signing-keys';
import { LinksRepository } from './links/repository';
import { OneTimeLinks } from './links/one-time-links';
import { PicturesRepository } from './profile-pictures/repository';
import { SettingsRepository } from './settings/repository';
import { SignInLimiter } from './sign-in/rate-limit';
import { StoreAccountsRepository } from './store-accounts/repository';
import { UsersRepository } from './users/repository';

export type IdentityConfig = BaseConfig & z.infer<z.ZodObject<typeof identityEnv>>;
export type IdentityContext = ServiceContext<IdentityConfig>;

/** Everything the use cases need, built once per service instance (tests get a fresh set each). */
export interface Deps {
  ctx: IdentityContext;
  config: IdentityConfig;
  users: UsersRepository;
  links: OneTimeLinks;
  keys: SigningKeys;
  settings: SettingsRepository;
  storeAccounts: StoreAccountsRepository;
  pictures: PicturesRepository;
  limiter: SignInLimiter;
}

export async function buildDeps(ctx: IdentityContext): Promise<Deps> {
  const { db, bus, config } = ctx;
  const users = new UsersRepository(db, bus);
  const storeAccounts = new StoreAccountsRepository(db);
  const keys = new SigningKeys(new SigningKeysRepository(db), config.JWT_PRIVATE_KEY);
  await Promise.all([users.init(), storeAccounts.init(), keys.init()]);
  return {
    ctx,
    config,
    users,
    links: new OneTimeLinks(new LinksRepository(db)),
    keys,
    settings: new SettingsRepository(db, bus),
    storeAccounts,
    pictures: new PicturesRepository(db),
    limiter: new SignInLimiter({
      perAccount: config.LOGIN_MAX_FAILURES_ACCOUNT,
      perIp: config.LOGIN_MAX_FAILURES_IP,
      windowSeconds: config.LOGIN_WINDOW,
    }),
  };
}
