import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { gzipSync } from 'node:zlib';
import { bodyParsers, errorHandler } from '../src/app';
import { createLogger } from '../src/logger';

// The same parsers and error handler every service's app uses (buildService), in front of two plain routes.
function app() {
  const a = express();
  a.use(bodyParsers());
  a.get('/api/store/:permalink', (req, res) => void res.json({ permalink: req.params.permalink }));
  a.post('/api/thing', (req, res) => void res.json({ got: req.body }));
  a.use(errorHandler(createLogger('test', 'silent')));
  return a;
}

describe('malformed requests', () => {
  const http = () => request(app());
  const json = (body: string | Buffer, headers: Record<string, string> = {}) =>
    http().post('/api/thing').set({ 'content-type': 'application/json', ...headers }).send(body);

  it('when a path holds %FF, then 400 naming the path', async () => {
    const res = await http().get('/api/store/%FF');
    expect([res.status, res.body]).toEqual([400, { message: 'path: is not valid URL encoding', code: 'validation', field: 'path' }]);
  });

  it('when a JSON body says charset=latin1, then 400 naming the body', async () => {
    const res = await json('{"a":1}', { 'content-type': 'application/json; charset=latin1' });
    expect([res.status, res.body.code, res.body.field]).toEqual([400, 'validation', 'body']);
  });

  it('when a gzip body does not inflate, then 400; a good gzip body is read', async () => {
    const bad = await json('this is not gzip', { 'content-encoding': 'gzip' });
    expect([bad.status, bad.body.code, bad.body.field]).toEqual([400, 'validation', 'body']);
    // (supertest re-encodes Buffer bodies, so the good one goes through fetch)
    const server = app().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const good = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/thing`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{"a":1}'),
      });
      expect([good.status, await good.json()]).toEqual([200, { got: { a: 1 } }]);
    } finally {
      server.close();
    }
  });

  it('when the content encoding is unknown, then 400', async () => {
    const res = await json('{}', { 'content-encoding': 'x-made-up' });
    expect([res.status, res.body.code]).toEqual([400, 'validation']);
  });

  it('when a form has more than 1000 fields, then 400; 1000 fields are read', async () => {
    const form = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=1`).join('&');
    const res = await http().post('/api/thing').type('form').send(form(1001));
    expect([res.status, res.body]).toEqual([400, { message: 'body: has too many fields', code: 'validation', field: 'body' }]);
    expect((await http().post('/api/thing').type('form').send(form(1000))).status).toBe(200);
  });

  it('when the JSON is broken, then 400 naming the body', async () => {
    const res = await json('{"a":');
    expect([res.status, res.body]).toEqual([400, { message: 'body: must be valid JSON', code: 'validation', field: 'body' }]);
  });

  it('when the body is over the limit, then 413 with code tooLarge', async () => {
    const res = await json(JSON.stringify({ a: 'x'.repeat(150 * 1024) }));
    expect([res.status, res.body]).toEqual([413, { message: 'body: is too large', code: 'tooLarge', field: 'body' }]);
  });
});
