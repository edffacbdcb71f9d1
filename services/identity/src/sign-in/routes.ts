import { reply, type Handlers } from '@turnbook/service-kit';
import { login, type LoginDeps } from './login';
import { storeLogin, type StoreLoginDeps } from './store-login';

export function signInRoutes(d: LoginDeps & StoreLoginDeps): Handlers {
  return {
    'POST login': async ({ body, ip }) => {
      const { answer, setCookie, hashMs } = await login(d, body, ip);
      // The hash's share is reported apart so the database work can be measured alone (npm run bench:db).
      return reply(answer, 200, { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store', 'Server-Timing': `hash;dur=${hashMs.toFixed(2)}` });
    },
    'POST storeLogin': async ({ body, ip }) => {
      const { answer, setCookie } = await storeLogin(d, body, ip);
      return reply(answer, 200, { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' });
    },
  };
}
