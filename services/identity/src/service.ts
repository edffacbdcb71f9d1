import type { ServiceDefinition } from '@turnbook/service-kit';
import { identityEnv } from './config';
import { buildDeps } from './deps';
import { internalRouter } from './internal/router';
import { keyRoutes } from './keys/routes';
import { passwordResetRoutes } from './password-reset/routes';
import { profilePictureRoutes } from './profile-pictures/routes';
import { registrationRoutes } from './registration/routes';
import { settingsRoutes } from './settings/routes';
import { signInRoutes } from './sign-in/routes';
import { storeAccountRoutes } from './store-accounts/routes';
import { usersRoutes } from './users/routes';

/** Identity: users, credentials, store sign-in accounts, access tokens (ES256 + JWKS), app version settings. */
export const identityService: ServiceDefinition<typeof identityEnv> = {
  name: 'identity',
  env: identityEnv,
  async build(ctx) {
    const d = await buildDeps(ctx);
    return {
      handlers: {
        ...registrationRoutes(d),
        ...signInRoutes(d),
        ...passwordResetRoutes(d),
        ...usersRoutes(d),
        ...profilePictureRoutes(d),
        ...storeAccountRoutes(d),
        ...settingsRoutes(d),
        ...keyRoutes(d),
      },
      internal: internalRouter(d),
      keys: d.keys,
      // Identity's JSON bodies are small; the picture upload has its own multipart parser and cap.
      bodyLimit: '32kb',
    };
  },
};
