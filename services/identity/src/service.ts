import type { ServiceDefinition } from '@turnbook/service-kit';
import { identityEnv } from './config';
import { internalRouter } from './internal/router';
import { SigningKeysRepository } from './keys/repository';
import { keyRoutes } from './keys/routes';
import { SigningKeys } from './keys/signing-keys';
import { OneTimeLinks } from './links/one-time-links';
import { LinksRepository } from './links/repository';
import { passwordResetRoutes } from './password-reset/routes';
import { messagingClient } from './phone-verification/messaging-client';
import { PhoneCodesRepository } from './phone-verification/repository';
import { phoneVerificationRoutes } from './phone-verification/routes';
import { PicturesRepository } from './profile-pictures/repository';
import { profilePictureRoutes } from './profile-pictures/routes';
import { registrationRoutes } from './registration/routes';
import { SettingsRepository } from './settings/repository';
import { settingsRoutes } from './settings/routes';
import { createPasswords, hashCostFor } from './credentials/passwords';
import { SignInLimiter } from './sign-in/rate-limit';
import { SignInAttemptsRepository } from './sign-in/repository';
import { signInRoutes } from './sign-in/routes';
import { loadStoreAccount, StoreAccountsRepository } from './store-accounts/repository';
import { storeAccountRoutes } from './store-accounts/routes';
import { UsersRepository } from './users/repository';
import { usersRoutes } from './users/routes';

/**
 * Identity: users, credentials, store sign-in accounts, access tokens (ES256 + JWKS), app version settings.
 * Everything is wired here, once per instance (tests get a fresh set each).
 */
export const identityService: ServiceDefinition<typeof identityEnv> = {
  name: 'identity',
  env: identityEnv,
  async build({ db, bus, config }) {
    const users = new UsersRepository(db, bus);
    const storeAccounts = new StoreAccountsRepository(db);
    const attempts = new SignInAttemptsRepository(db);
    const keys = new SigningKeys(new SigningKeysRepository(db), config.JWT_PRIVATE_KEY);
    const phoneCodes = new PhoneCodesRepository(db);
    await Promise.all([users.init(), storeAccounts.init(), attempts.init(), keys.init(), phoneCodes.init()]);

    const deps = {
      bus,
      users,
      storeAccounts,
      keys,
      links: new OneTimeLinks(new LinksRepository(db)),
      settings: new SettingsRepository(db, bus),
      pictures: new PicturesRepository(db),
      passwords: createPasswords(hashCostFor(config)),
      limiter: new SignInLimiter(attempts, {
        perAccountAddress: config.LOGIN_MAX_FAILURES_ACCOUNT,
        perAccount: config.LOGIN_MAX_FAILURES_ACCOUNT_ALL,
        perAddress: config.LOGIN_MAX_FAILURES_IP,
        windowSeconds: config.LOGIN_WINDOW,
      }),
      issueToken: (claims: Parameters<SigningKeys['sign']>[0]) => keys.sign(claims, config.ACCESS_TOKEN_TTL),
      publicUrl: config.PUBLIC_URL,
      phoneCodes,
      messaging: messagingClient(config.MESSAGING_URL, config.INTERNAL_TOKEN),
    };

    return {
      handlers: {
        ...registrationRoutes(deps),
        ...signInRoutes(deps),
        ...passwordResetRoutes(deps),
        ...usersRoutes(deps),
        ...profilePictureRoutes(deps),
        ...storeAccountRoutes(deps),
        ...settingsRoutes(deps),
        ...keyRoutes(deps),
        ...phoneVerificationRoutes(deps),
      },
      loaders: { storeAccount: (storeId) => loadStoreAccount(storeAccounts, storeId) },
      internal: internalRouter(deps),
      keys,
      // Identity's JSON bodies are small; the picture upload has its own multipart parser and cap.
      bodyLimit: '32kb',
    };
  },
};
