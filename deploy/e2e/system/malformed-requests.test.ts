import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { api } from '../src/api';
import { GATEWAY_URL } from '../src/browser';
import { demoStore } from '../src/main-paths';

// Malformed input through the gateway, as any client could send it: always a 4xx with the error body,
// never a 500 (the services' kit answers them in one place; the gateway's own limit answers the same way).
async function send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
  const res = await fetch(`${GATEWAY_URL}${path}`, init);
  const text = await res.text();
  let body: { code?: string; field?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { code: `not JSON: ${text.slice(0, 80)}` };
  }
  return { status: res.status, code: body.code, field: body.field };
}
const post = (path: string, body: BodyInit, headers: Record<string, string>) => send(path, { method: 'POST', body, headers });

describe('malformed requests through the gateway', () => {
  it('when a public path holds %FF, then 400 naming the path', async () => {
    expect(await send('/api/public_getStoreByPermalink/%FF', {})).toEqual({ status: 400, code: 'validation', field: 'path' });
  });

  it('when a JSON body says charset=latin1, then 400', async () => {
    expect(await post('/api/login', '{"email":"a@b.co","password":"x"}', { 'content-type': 'application/json; charset=latin1' }))
      .toEqual({ status: 400, code: 'validation', field: 'body' });
  });

  it('when a gzip body does not inflate, then 400', async () => {
    expect(await post('/api/login', Buffer.from('certainly not gzip'), { 'content-type': 'application/json', 'content-encoding': 'gzip' }))
      .toEqual({ status: 400, code: 'validation', field: 'body' });
    // a real gzip body is read (and answered on its merits)
    const good = await post('/api/login', gzipSync('{"email":"nobody@example.com","password":"Wrong-pass-123"}'), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(good.status).toBe(401);
  });

  it('when a form has over 1000 fields, then 400', async () => {
    const form = Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join('&');
    expect(await post('/api/login', form, { 'content-type': 'application/x-www-form-urlencoded' })).toEqual({ status: 400, code: 'validation', field: 'body' });
  });

  it('when the JSON is broken, then 400', async () => {
    expect(await post('/api/login', '{"email": ', { 'content-type': 'application/json' })).toEqual({ status: 400, code: 'validation', field: 'body' });
  });

  it('when a name or a path holds a NUL character, then 400 naming where, as JSON, and nothing is written (a name was a 503: the database cannot store one)', async () => {
    const store = await demoStore();
    const write = { 'x-store-id': String(store.id), 'Idempotency-Key': randomUUID() };
    const created = await api('POST', 'customer', { storeId: store.id, fname: 'nul\u0000name', phone: '2155550123' }, store.ownerToken, write);
    expect([created.status, created.body.code, created.body.field]).toEqual([400, 'validation', 'fname']);
    // The gateway refuses a NUL in a path itself, in the same JSON.
    const searched = await api('GET', `searchCustomer/${store.id}/nul%00name`, undefined, store.ownerToken);
    expect([searched.status, searched.body.code, searched.body.field]).toEqual([400, 'validation', 'path']);
    const listed = await api<{ customers: Array<{ fname: string }> }>('GET', `searchCustomer/${store.id}/nul`, undefined, store.ownerToken);
    expect([listed.status, listed.body.customers.filter((c) => c.fname.startsWith('nul'))]).toEqual([200, []]);
  });

  it('when a body is over the service limit or the gateway limit, then 413 tooLarge', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200 * 1024) });
    expect(await post('/api/login', big, { 'content-type': 'application/json' })).toEqual({ status: 413, code: 'tooLarge', field: 'body' });
    expect(await post('/api/login', Buffer.alloc(7 * 1024 * 1024, 'a'), { 'content-type': 'application/json' })).toEqual({ status: 413, code: 'tooLarge', field: 'body' });
  });
});
