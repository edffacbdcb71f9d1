import { useSession } from '../session/session-store';
import { apiRequest, api, configureApi } from './api-client';
import { ApiError, hasCode } from './api-error';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;

function respond(status: number, body: unknown) {
  // jsdom has no Response: a minimal stand-in with what the client reads.
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, text: async () => text }) as Response);
}

describe('api client', () => {
  const expired = jest.fn();
  beforeEach(() => {
    useSession.getState().clearSession();
    expired.mockReset();
  });

  it('when a route key is called, then the URL comes from the route table with method, JSON body and bearer token', async () => {
    const fetch = respond(200, { ok: true });
    configureApi({ fetch, onSessionExpired: expired });
    useSession.getState().setSession({ access_token: 'abc' });
    await api.post('POST updateSetting/staff/{userId}', { app_version: '2' }, { userId: 42 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/updateSetting/staff/42');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(init.body).toBe(JSON.stringify({ app_version: '2' }));
  });

  it('when the server answers {message, field}, then an ApiError carries status, message and field', async () => {
    configureApi({ fetch: respond(409, { message: 'This email already existed', field: 'email' }), onSessionExpired: expired });
    const err = (await apiRequest('POST register', { body: {} }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: 'This email already existed', field: 'email' });
  });

  it('when the server answers {message, code, field}, then the ApiError exposes the code for screens to branch on', async () => {
    configureApi({ fetch: respond(409, { message: 'employee existed', code: 'employeeExisted', field: 'email' }), onSessionExpired: expired });
    const err = (await apiRequest('POST staff', { body: {} }).catch((e) => e)) as ApiError;
    expect(err).toMatchObject({ status: 409, code: 'employeeExisted', field: 'email' });
    expect(hasCode(err, 'employeeExisted')).toBe(true);
    expect(hasCode(err, 'hasAccount')).toBe(false);
  });

  it('when a call is throttled (429 with retryAfter), then the ApiError carries the seconds to wait', async () => {
    configureApi({ fetch: respond(429, { message: 'Too many attempts', code: 'rateLimited', retryAfter: 899.2 }), onSessionExpired: expired });
    await expect(api.post('POST login', { email: 'a', password: 'b' })).rejects.toMatchObject({ status: 429, code: 'rateLimited', retryAfter: 900 });
  });

  it('when a 429 has no retryAfter in its body, then the Retry-After header gives it', async () => {
    const fetch = jest.fn(async () => ({ ok: false, status: 429, headers: new Headers({ 'Retry-After': '120' }), text: async () => JSON.stringify({ message: 'Slow down', code: 'rateLimited' }) }) as unknown as Response);
    configureApi({ fetch, onSessionExpired: expired });
    await expect(api.post('POST login', { email: 'a', password: 'b' })).rejects.toMatchObject({ retryAfter: 120 });
  });

  it('when the server answers a plain string, then it becomes the message', async () => {
    configureApi({ fetch: respond(402, 'Your card was declined.'), onSessionExpired: expired });
    await expect(apiRequest('POST subscribe/{storeId}', { params: { storeId: 1 }, body: {} })).rejects.toMatchObject({ message: 'Your card was declined.' });
  });

  it('when a 401 comes back for an expired token, then the session is cleared and the user sent to /login', async () => {
    configureApi({ fetch: respond(401, { message: 'Unauthorized' }), onSessionExpired: expired });
    useSession.getState().setSession({ access_token: jwt(1000), user_id: '3', new_update: 'x' });
    await expect(api.get('GET user/{id}', { id: 3 })).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ access_token: null, user_id: null, new_update: 'x' });
  });

  it('when a 401 comes back for a login with a valid token in place, then the session is kept', async () => {
    configureApi({ fetch: respond(401, { message: 'Invalid email or password' }), onSessionExpired: expired });
    useSession.getState().setSession({ access_token: jwt(Date.now() / 1000 + 3600) });
    await expect(api.post('POST login', { email: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    expect(useSession.getState().access_token).not.toBeNull();
  });

  it('when the network fails, then an ApiError with status 0 is thrown', async () => {
    configureApi({ fetch: jest.fn(async () => { throw new TypeError('Failed to fetch'); }), onSessionExpired: expired });
    await expect(api.get('GET getSettings')).rejects.toMatchObject({ status: 0 });
  });
});
