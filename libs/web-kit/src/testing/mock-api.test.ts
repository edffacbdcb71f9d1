import { api } from '../api/api-client';
import { matchRoute } from './match-route';
import { checkMockContracts, mockApi, MockContractError, takeMockContractErrors } from './mock-api';

const USER = { id: 3, fname: 'ann', lname: 'lee', email: 'ann@example.com', phone: '5555550100', role: 'professional', profile_image: null, app_version: null, color: '#00bcd4', phoneVerified: false };

describe('mockApi', () => {
  afterEach(() => takeMockContractErrors());

  it('when a mocked answer lacks a required field, then mockApi refuses the table with an error naming the route and the field', () => {
    const { email: _gone, ...withoutEmail } = USER;
    expect(() => mockApi({ 'GET /api/user/3': { body: { user: withoutEmail } } })).toThrow(MockContractError);
    expect(() => mockApi({ 'GET /api/user/3': { body: { user: withoutEmail } } })).toThrow(/GET \/api\/user\/3 \(GET user\/\{id\}\) answers outside its response schema: user\.email: /);
  });

  it('when a mocked answer gives a field the wrong type, then mockApi names the field', () => {
    expect(() => mockApi({ 'GET /api/getSettings': { body: { app_version: 2, body: 'Faster calendar' } } })).toThrow(/\(GET getSettings\) answers outside its response schema: app_version: /);
  });

  it('when the answers fit their schemas, then the calls get them', async () => {
    const mock = mockApi({ 'GET /api/user/3': { body: { user: USER } }, 'GET /api/getSettings?x=1': { body: { app_version: '2', body: 'notes' } } });
    await expect(api.get('GET user/{id}', { id: 3 })).resolves.toEqual({ user: USER });
    expect(mock.callsTo('GET /api/user/3')).toHaveLength(1);
  });

  it('when a mocked URL is no route of the table, then mockApi refuses it', () => {
    expect(() => mockApi({ 'GET /api/getUser/3': { body: {} } })).toThrow(/GET \/api\/getUser\/3 is no route of the contracts' table/);
  });

  it('when an error answer lacks its code, then mockApi refuses it, and a plain-text error is taken', () => {
    expect(() => mockApi({ 'POST /api/login': { status: 401, body: { message: 'Invalid email or password' } } })).toThrow(/\(POST login\) answers 401 with a body no error has: code: /);
    expect(() => mockApi({ 'POST /api/staff': { status: 409, body: 'employee existed' } })).not.toThrow();
  });

  it('when a computed answer lacks a required field, then the call fails and the error names the route and the field', async () => {
    mockApi({ 'POST /api/login': () => ({ body: { access_token: 't' } }) });
    await expect(api.post('POST login', { email: 'ann@example.com', password: 'secret' })).rejects.toMatchObject({ status: 0 });
    expect(takeMockContractErrors().map((e) => e.message)).toEqual([expect.stringMatching(/POST \/api\/login \(POST login\) answers outside its response schema: user: /)]);
  });

  it('when a call of a test broke the contract, then the check after the test fails it, naming the route and the field, once', async () => {
    mockApi({ 'GET /api/getSettings': () => ({ body: { app_version: '2.1' } }) });
    await expect(api.get('GET getSettings')).rejects.toMatchObject({ status: 0 });
    expect(() => checkMockContracts()).toThrow(/GET \/api\/getSettings \(GET getSettings\) answers outside its response schema: body: /);
    expect(() => checkMockContracts()).not.toThrow();
  });

  it('when a request body its schema refuses is answered as a success, then the call fails and the error names the route and the field', async () => {
    mockApi({ 'POST /api/updateSetting/staff/3': { body: { success: true } } });
    // What a screen that lost its types would send: no app_version.
    await expect(api.post('POST updateSetting/staff/{userId}', {} as { app_version: string }, { userId: 3 })).rejects.toMatchObject({ status: 0 });
    expect(takeMockContractErrors().map((e) => e.message)).toEqual([expect.stringMatching(/POST \/api\/updateSetting\/staff\/3 \(POST updateSetting\/staff\/\{userId\}\) is answered as a success, but its request schema refuses it: app_version: /)]);
  });

  it('when a request its schema refuses is answered with an error, then the call gets that error, as from the server', async () => {
    mockApi({ 'POST /api/updateSetting/staff/3': { status: 400, body: { message: 'app_version: is required', code: 'validation', field: 'app_version' } } });
    await expect(api.post('POST updateSetting/staff/{userId}', {} as { app_version: string }, { userId: 3 })).rejects.toMatchObject({ status: 400, field: 'app_version' });
    expect(takeMockContractErrors()).toEqual([]);
  });

  it('when a path param its schema refuses is answered as a success, then the call fails naming the param', async () => {
    mockApi({ 'GET /api/user/abc': { body: { user: USER } } });
    await expect(api.get('GET user/{id}', { id: 'abc' })).rejects.toMatchObject({ status: 0 });
    expect(takeMockContractErrors().map((e) => e.message)).toEqual([expect.stringMatching(/\(GET user\/\{id\}\) is answered as a success, but its request schema refuses it: id: /)]);
  });
});

describe('matchRoute', () => {
  it('when a path fits a route with fixed segments and a bare placeholder, then the one with more fixed segments wins', () => {
    expect(matchRoute('GET', '/api/getSetting/staff/3')).toEqual({ key: 'GET getSetting/staff/{userId}', params: { userId: '3' } });
    expect(matchRoute('GET', '/api/user/42')).toEqual({ key: 'GET user/{id}', params: { id: '42' } });
    expect(matchRoute('POST', '/api/user/42')).toBeNull();
    expect(matchRoute('GET', '/internal/stores/1/membership')).toBeNull();
  });
});
