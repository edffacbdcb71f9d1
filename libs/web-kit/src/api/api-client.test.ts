import { useSession } from '../session/session-store';
import { apiRequest, api, configureApi, multipartBody } from './api-client';
import { ApiError, hasCode, isNotAvailable } from './api-error';

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
    const err = (await apiRequest('POST register', { body: { email: 'ann@example.com', password: 'Secret123!', password_confirmation: 'Secret123!', fname: 'ann', lname: 'lee', phone: '5555550100', role: 'professional', term: 'agreed' } }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: 'This email already existed', field: 'email' });
  });

  it('when the server answers {message, code, field}, then the ApiError exposes the code for screens to branch on', async () => {
    configureApi({ fetch: respond(409, { message: 'employee existed', code: 'employeeExisted', field: 'email' }), onSessionExpired: expired });
    const err = (await apiRequest('POST staff', { body: { hasAccount: 'hasAccount', email: 'ann@example.com', storeId: 1 } }).catch((e) => e)) as ApiError;
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
    await expect(apiRequest('POST subscribe/{storeId}', { params: { storeId: 1 }, body: { stripeEmail: 'ann@example.com', stripeToken: 'tok_visa', state: 'CA', postal_code: '94103' } })).rejects.toMatchObject({ message: 'Your card was declined.' });
  });

  /** A server whose /api/auth/refresh answers `refresh` and whose other routes accept only `valid`. */
  function server(opts: { valid: string; refresh: { status: number; body: unknown } }) {
    return jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (url === '/api/auth/refresh') {
        return { ok: opts.refresh.status === 200, status: opts.refresh.status, text: async () => JSON.stringify(opts.refresh.body) } as Response;
      }
      const auth = (init?.headers as Record<string, string>)?.Authorization;
      if (auth === `Bearer ${opts.valid}`) return { ok: true, status: 200, text: async () => JSON.stringify({ users: [] }) } as Response;
      return { ok: false, status: 401, text: async () => JSON.stringify({ message: 'Your session has expired. Please sign in again.', code: 'sessionExpired' }) } as Response;
    });
  }

  it('when the access token has expired, then it is refreshed once for parallel calls (single flight) and the calls go through without a reload', async () => {
    const fresh = jwt(Date.now() / 1000 + 600);
    const fetch = server({ valid: fresh, refresh: { status: 200, body: { access_token: fresh } } });
    configureApi({ fetch, onSessionExpired: expired });
    // Revoked before its time (a password change elsewhere): the server says sessionExpired.
    useSession.getState().setSession({ access_token: jwt(Date.now() / 1000 + 300), user_id: '3' });
    await Promise.all([api.get('GET getAllUsers'), api.get('GET getAllUsers'), api.get('GET getAllUsers')]);
    expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
    expect(useSession.getState().access_token).toBe(fresh);
    expect(expired).not.toHaveBeenCalled();
  });

  it('when the refresh is refused too, then the session is cleared and the user sent to /login once, with no loop', async () => {
    const fetch = server({ valid: 'never', refresh: { status: 401, body: { message: 'x', code: 'sessionExpired' } } });
    configureApi({ fetch, onSessionExpired: expired });
    useSession.getState().setSession({ access_token: jwt(1000), user_id: '3', new_update: 'x' });
    await expect(api.get('GET user/{id}', { id: 3 })).rejects.toMatchObject({ status: 401, code: 'sessionExpired' });
    await expect(api.get('GET user/{id}', { id: 3 })).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/refresh').length).toBeLessThanOrEqual(2);
    expect(useSession.getState()).toMatchObject({ access_token: null, user_id: null, new_update: 'x' });
  });

  it('when the server refuses a malformed token (invalidToken) and no refresh helps, then the session is cleared and the user sent to /login once, as for a revoked one', async () => {
    const fetch = jest.fn(async (url: RequestInfo | URL) =>
      url === '/api/auth/refresh'
        ? ({ ok: false, status: 401, text: async () => JSON.stringify({ message: 'x', code: 'sessionExpired' }) } as Response)
        : ({ ok: false, status: 401, text: async () => JSON.stringify({ message: 'Your sign-in is no longer valid. Please sign in again.', code: 'invalidToken' }) } as Response));
    configureApi({ fetch, onSessionExpired: expired });
    useSession.getState().setSession({ access_token: 'not.a.token', user_id: '3' });
    await expect(api.get('GET getAllUsers')).rejects.toMatchObject({ status: 401, code: 'invalidToken' });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(useSession.getState().access_token).toBeNull();
  });

  it('when a malformed token is refused but the refresh cookie still works, then the call goes through with the new token', async () => {
    const fresh = jwt(Date.now() / 1000 + 600);
    const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      if (url === '/api/auth/refresh') return { ok: true, status: 200, text: async () => JSON.stringify({ access_token: fresh }) } as Response;
      const ok = (init?.headers as Record<string, string>)?.Authorization === `Bearer ${fresh}`;
      return (ok ? { ok: true, status: 200, text: async () => '{"users":[]}' } : { ok: false, status: 401, text: async () => '{"message":"x","code":"invalidToken"}' }) as Response;
    });
    configureApi({ fetch, onSessionExpired: expired });
    useSession.getState().setSession({ access_token: 'garbage', user_id: '3' });
    await expect(api.get('GET getAllUsers')).resolves.toEqual({ users: [] });
    expect(expired).not.toHaveBeenCalled();
  });

  it('when a 401 says "expired" in its message but not in its code, then the session is kept (the code decides, not the text)', async () => {
    configureApi({ fetch: respond(401, { message: 'Your link expired', code: 'unauthenticated' }), onSessionExpired: expired });
    useSession.getState().setSession({ access_token: jwt(Date.now() / 1000 + 3600) });
    await expect(api.get('GET getAllUsers')).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
    expect(useSession.getState().access_token).not.toBeNull();
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
  // The type checks below are checked by `tsc` (nx typecheck): each @ts-expect-error fails the typecheck once
  // the call it marks compiles, i.e. if bodies or answers went back to untyped.
  it('when a screen calls a route, then its body must fit the route\'s request schema, its path params are the path\'s names, its query the fields the route reads, and its answer has the route\'s response type', async () => {
    configureApi({ fetch: respond(200, { app_version: '2.1', body: 'Faster calendar' }), onSessionExpired: expired });
    const setting = await api.post('POST updateVersion', { app_version: '2.1', body: 'Faster calendar' });
    expect(setting.app_version).toBe('2.1');
    // @ts-expect-error: the answer of POST updateVersion has no such field
    expect(setting.message).toBeUndefined();
    // @ts-expect-error: POST updateVersion requires a body
    await api.post('POST updateVersion');
    // @ts-expect-error: the body lacks the required `body` field
    await api.post('POST updateVersion', { app_version: '2.1' });
    // @ts-expect-error: app_version is text
    await apiRequest('POST updateVersion', { body: { app_version: 2, body: 'x' } });
    // @ts-expect-error: a GET takes no body
    await apiRequest('GET getSettings', { body: {} });
    // @ts-expect-error: the internal routes are not the web client's
    await apiRequest('POST internal/customers/by-ids', { body: { ids: [1] } });
    // A route whose schema takes an empty body may be called without one: {} is sent.
    await api.post('POST auth/logout');
    // @ts-expect-error: the path of GET getSetting/staff/{userId} names userId, not id
    await expect(api.get('GET getSetting/staff/{userId}', { id: 3 })).rejects.toThrow('missing path param userId');
    // @ts-expect-error: GET getSettings reads no query
    await apiRequest('GET getSettings', { query: { page: 1 } });
    // @ts-expect-error: a search reads `page`, not `offset`
    await apiRequest('GET searchCustomer/{storeId}/{key}', { params: { storeId: 1, key: 'ann' }, query: { offset: 50 } });
    await apiRequest('GET searchCustomer/{storeId}/{key}', { params: { storeId: 1, key: 'ann' }, query: { page: 1 } });
  });

  it('when a picture is sent with multipartBody, then it goes as multipart with the field the route names and no JSON content type', async () => {
    const fetch = respond(200, { profile_image: 'p.jpg' });
    configureApi({ fetch, onSessionExpired: expired });
    const key = 'POST uploadProfilePicture/{userId}/{orientation}';
    const answer = await api.post(key, multipartBody(key, { photo: [new Blob(['jpeg bytes']), 'me.jpg'] }), { userId: 3, orientation: 90 });
    expect(answer.profile_image).toBe('p.jpg');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/uploadProfilePicture/3/90');
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('photo') as File).name).toBe('me.jpg');
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    // @ts-expect-error: the route's schema names `photo`, not `picture`
    multipartBody(key, { picture: new Blob([]) });
    // @ts-expect-error: a picture goes as the route's multipart body, not as a plain FormData
    await api.post(key, new FormData(), { userId: 3, orientation: 90 });
  });

  it('when nobody could answer (no connection, the gateway without an instance, a database down), then the call is "not available just now"; a 404 or a bug is an answer', () => {
    for (const status of [0, 502, 503, 504]) expect(isNotAvailable(new ApiError(status, 'x'))).toBe(true);
    for (const status of [400, 404, 409, 500, 501]) expect(isNotAvailable(new ApiError(status, 'x'))).toBe(false);
    expect(isNotAvailable(new Error('x'))).toBe(false);
  });
});
