import type { Handlers } from '@turnbook/service-kit';
import { login, type LoginDeps } from './login';
import { storeLogin, type StoreLoginDeps } from './store-login';

export function signInRoutes(d: LoginDeps & StoreLoginDeps): Handlers {
  return {
    'POST login': ({ body, ip }) => login(d, body, ip),
    'POST storeLogin': ({ body, ip }) => storeLogin(d, body, ip),
  };
}
