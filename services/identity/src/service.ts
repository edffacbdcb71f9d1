import { RequestLimiter, type ServiceDefinition } from '@turnbook/service-kit';
import { identityEnv } from './config';
import { SigningKeysRepository } from './keys/repository';
import { keyRoutes } from './keys/routes';
import { SigningKeys } from './keys/signing-keys';
import { OneTimeLinks } from './links/one-time-links';
import { LinksRepository } from './links/repository';
import { linkRoutes } from './links/routes';
import { passwordResetRoutes } from './password-reset/routes';
import { messagingClient } from './clients/messaging-client';
import { PhoneCodesRepository } from './phone-verification/repository';
import { phoneVerificationRoutes } from './phone-verification/routes';
import { PicturesRepository } from './profile-pictures/repository';
import { profilePictureRoutes } from './profile-pictures/routes';
import { registrationRoutes } from './registration/routes';
import { SettingsRepository } from './settings/repository';
import { settingsRoutes } from './settings/routes';
import { createHasher, hashCostFor } from '@turnbook/service-kit/hashing';
import { SignInLimiter } from './sign-in/rate-limit';
import { SignInAttemptsRepository } from './sign-in/repository';
import { signInRoutes } from './sign-in/routes';
import { staffAccountRoutes } from './staff-accounts/routes';
import { StoreAccountsRepository } from './store-accounts/repository';
import { storeAccountRoutes } from './store-accounts/routes';
import { UsersRepository } from './users/repository';
import { SessionsRepository } from './sessions/repository';
import { sessionRoutes } from './sessions/routes';
import type { SessionDeps } from './sessions/sessions';
import { usersRoutes } from './users/routes';

const TOKEN_SWEEP_MS = 15 * 60_000;

/** What the router loads for routes on a store's sign-in account (RouteDef.record kind 'storeAccount'). */
export interface StoreAccountRecord {
  storeId: number;
  ownerId: number;
  username: string;
}

declare module '@turnbook/service-kit' {
  interface RecordTypes {
    storeAccount: StoreAccountRecord;
  }
}

/**
 * Identity: users, credentials, store sign-in accounts, access tokens (ES256 + JWKS), app version settings.
 * Everything is wired here, once per instance (tests get a fresh set each).
 */
export const identityService: ServiceDefinition<typeof identityEnv> = {
  name: 'identity',
  env: identityEnv,
  async build({ db, bus, config, revocations, log }) {
    const users = new UsersRepository(db, bus);
    const storeAccounts = new StoreAccountsRepository(db);
    const attempts = new SignInAttemptsRepository(db);
    const sessions = new SessionsRepository(db);
    // The collection keeps its name from identity's own limiter: calls counted before a deploy age out there.
    const requests = new RequestLimiter(db, config.REQUEST_WINDOW, 'request_counts');
    const keys = new SigningKeys(new SigningKeysRepository(db), config.JWT_PRIVATE_KEY);
    const phoneCodes = new PhoneCodesRepository(db);
    await Promise.all([users.init(), storeAccounts.init(), attempts.init(), sessions.init(), requests.init(), keys.init(), phoneCodes.init()]);

    const session: SessionDeps = {
      sessions,
      signAccessToken: (claims) => keys.sign(claims, config.ACCESS_TOKEN_TTL),
      bus,
      revocations,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL,
      secureCookies: config.PUBLIC_URL.startsWith('https:'),
    };

    const deps = {
      bus,
      users,
      storeAccounts,
      keys,
      links: new OneTimeLinks(new LinksRepository(db)),
      settings: new SettingsRepository(db, bus),
      pictures: new PicturesRepository(db),
      passwords: createHasher(hashCostFor(config)),
      limiter: new SignInLimiter(attempts, {
        perAccountAddress: config.LOGIN_MAX_FAILURES_ACCOUNT,
        perAccount: config.LOGIN_MAX_FAILURES_ACCOUNT_ALL,
        perAddress: config.LOGIN_MAX_FAILURES_IP,
        windowSeconds: config.LOGIN_WINDOW,
      }, log),
      session,
      requests,
      publicUrl: config.PUBLIC_URL,
      phoneCodes,
      messaging: messagingClient(config.MESSAGING_URL, config.INTERNAL_TOKEN),
      log,
    };
    const registrationDeps = {
      ...deps,
      limits: { perAddress: config.REGISTER_MAX_PER_IP, perEmail: config.REGISTER_MAX_PER_EMAIL },
      resendLimits: { perAddress: config.RESEND_VERIFICATION_MAX_PER_IP, perEmail: config.RESEND_VERIFICATION_MAX_PER_EMAIL },
    };
    const resetDeps = {
      ...deps,
      limits: { perAddress: config.FORGOT_MAX_PER_IP, perEmail: config.FORGOT_MAX_PER_EMAIL },
      answerFloorMs: config.FORGOT_ANSWER_MS,
    };

    // Expired refresh tokens are deleted by a job, off every sign-in's path (see SessionsRepository), once per
    // cluster (docs/decisions.md "one job runner").
    const tokenSweep = await bus.every('refresh-token-sweep', TOKEN_SWEEP_MS, () => sessions.sweepExpiredTokens());

    return {
      onStop: async () => tokenSweep.stop(),
      handlers: {
        ...registrationRoutes(registrationDeps),
        ...signInRoutes(deps),
        ...sessionRoutes(session),
        ...passwordResetRoutes(resetDeps),
        ...usersRoutes(deps),
        ...profilePictureRoutes({ ...deps, revocations }),
        ...storeAccountRoutes(deps),
        ...staffAccountRoutes(deps),
        ...settingsRoutes(deps),
        ...keyRoutes(deps),
        ...phoneVerificationRoutes(deps),
        ...linkRoutes(deps),
      },
      loaders: {
        storeAccount: async (storeId) => {
          const a = await storeAccounts.findById(storeId);
          return a ? { storeId: a._id, ownerId: a.ownerId, username: a.username } : null;
        },
      },
      keys,
      // Identity's JSON bodies are small; the picture upload has its own multipart parser and cap.
      bodyLimit: '32kb',
    };
  },
};
