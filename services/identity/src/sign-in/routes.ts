import type { Response } from 'express';
import { identity } from '@turnbook/contracts';
import { handler } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { login } from './login';
import { RateLimitedError } from './rate-limit';
import { storeLogin } from './store-login';

export function signInRoutes(d: Deps) {
  return {
    'POST login': handler({
      body: identity.LoginBody,
      handle: ({ body, req, res }) => withRetryAfter(res, () => login(d, body, clientIp(req.ip))),
    }),
    'POST storeLogin': handler({
      body: identity.StoreLoginBody,
      handle: ({ body, req, res }) => withRetryAfter(res, () => storeLogin(d, body, clientIp(req.ip))),
    }),
  };
}

/** req.ip honours X-Forwarded-For only from the loopback gateway (the kit sets trust proxy). */
export function clientIp(ip: string | undefined): string {
  return ip ?? 'unknown';
}

/** A 429 tells the client when to try again. */
export async function withRetryAfter<T>(res: Response, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RateLimitedError) res.set('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}
