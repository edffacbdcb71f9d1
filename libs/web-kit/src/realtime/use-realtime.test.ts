import { configureApi } from '../api/api-client';
import { useSession } from '../session/session-store';
import { getRealtimeClient } from './use-realtime';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;

describe('realtime and short-lived tokens', () => {
  afterEach(() => jest.useRealTimers());

  it('when the access token is about to expire, then it is renewed a minute before (an idle page keeps its realtime connection)', async () => {
    jest.useFakeTimers();
    const fresh = jwt(Math.floor(Date.now() / 1000) + 600);
    const fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ access_token: fresh }) }) as Response);
    configureApi({ fetch, onSessionExpired: jest.fn() });
    useSession.getState().setSession({ access_token: jwt(Math.floor(Date.now() / 1000) + 120) });
    getRealtimeClient();
    await jest.advanceTimersByTimeAsync(50_000);
    expect(fetch).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(15_000);
    expect(fetch).toHaveBeenCalledWith('/api/auth/refresh', expect.objectContaining({ method: 'POST' }));
    expect(useSession.getState().access_token).toBe(fresh);
  });
});
