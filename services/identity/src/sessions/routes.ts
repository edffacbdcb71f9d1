import { reply, type Handlers } from '@turnbook/service-kit';
import { REFRESH_COOKIE } from './cookie';
import { endSession } from './end-session';
import { refreshSession } from './refresh-session';
import type { SessionDeps } from './sessions';

export function sessionRoutes(d: SessionDeps): Handlers {
  return {
    'POST auth/refresh': async ({ cookies }) => {
      const s = await refreshSession(d, cookies[REFRESH_COOKIE]);
      return reply({ access_token: s.access_token }, 200, { 'Set-Cookie': s.setCookie, 'Cache-Control': 'no-store' });
    },
    'POST auth/logout': async ({ cookies }) => reply({ success: true as const }, 200, { 'Set-Cookie': await endSession(d, cookies[REFRESH_COOKIE]) }),
  };
}
