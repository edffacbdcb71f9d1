import net, { type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import request from 'supertest';
import mongoose, { type Connection } from 'mongoose';
import { MESSAGES } from '@turnbook/contracts';
import { errorHandler } from '../src/app';
import { isDatabaseUnavailable } from '../src/errors';
import { createLogger } from '../src/logger';
import { mongoUrl, uniqueSuffix } from './harness';

const { MongoServerError, MongoNetworkError, MongoBulkWriteError } = mongoose.mongo;

/** The database's port behind a switch: `down()` drops every connection and refuses new ones, `up()` lets them in again. */
async function switchedDatabase() {
  const target = new URL(mongoUrl);
  const open = new Set<Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const up = async () => {
    server = net.createServer((client) => {
      const db = net.connect(Number(target.port || 27017), target.hostname);
      for (const s of [client, db]) {
        open.add(s);
        s.on('close', () => open.delete(s)).on('error', () => undefined);
      }
      client.pipe(db).pipe(client);
    });
    await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  };
  const down = async () => {
    for (const s of open) s.destroy();
    await new Promise((r) => server?.close(r));
  };
  await up();
  return { url: () => `mongodb://127.0.0.1:${port}/`, up, down };
}

/** A service's error handler behind one route that reads the database. */
function appOn(db: Connection) {
  const app = express();
  app.get('/api/thing', async (_req, res, next) => {
    try {
      res.json({ found: await db.collection('things').countDocuments({}) });
    } catch (err) {
      next(err);
    }
  });
  app.use(errorHandler(createLogger('test', 'silent')));
  return app;
}

describe('a service whose database cannot answer', () => {
  it('when the database goes away, then its calls answer 503 with Retry-After and "try again in a moment", and 200 again once it is back', async () => {
    const sw = await switchedDatabase();
    const db = await mongoose.createConnection(sw.url(), { dbName: `t-unavailable${uniqueSuffix()}`, serverSelectionTimeoutMS: 800, retryWrites: false }).asPromise();
    try {
      const app = appOn(db);
      expect((await request(app).get('/api/thing')).status).toBe(200);

      await sw.down();
      const res = await request(app).get('/api/thing');
      expect([res.status, res.headers['retry-after'], res.body]).toEqual([503, '1', { message: MESSAGES.databaseUnavailable, code: 'unavailable' }]);

      await sw.up();
      let back = 0;
      for (const until = Date.now() + 15_000; back !== 200 && Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
        back = (await request(app).get('/api/thing')).status;
      }
      expect(back).toBe(200);
    } finally {
      await db.close(true);
      await sw.down();
    }
  });

  it('when FerretDB answers InternalError (its PostgreSQL is down) or a bulk write met a dropped connection, then it is the database being unavailable', () => {
    const ferret = new MongoServerError({ ok: 0, errmsg: 'failed to connect to `user=postgres database=postgres`', code: 1, codeName: 'InternalError' });
    const bulk = new MongoBulkWriteError(new MongoNetworkError('read ECONNRESET') as never, {} as never);
    expect([isDatabaseUnavailable(ferret), isDatabaseUnavailable(bulk), isDatabaseUnavailable(new MongoNetworkError('connection 3 closed'))]).toEqual([true, true, true]);
  });

  it('when an error is a bug, a duplicate key or a refused write, then it is not the database being unavailable (500, 409 and 400-type answers stay as they were)', () => {
    const duplicate = new MongoServerError({ ok: 0, errmsg: 'E11000 duplicate key error', code: 11000 });
    const sqliteDuplicate = new MongoServerError({ ok: 0, errmsg: "UNIQUE constraint failed: index 'users_email_1'", code: 1 });
    const badUpdate = new MongoServerError({ ok: 0, errmsg: 'Modifiers operate on fields but we found type string instead', code: 9, codeName: 'FailedToParse' });
    expect([new Error('boom'), new TypeError('x is undefined'), duplicate, sqliteDuplicate, badUpdate, null, 'text'].map((e) => isDatabaseUnavailable(e))).toEqual([false, false, false, false, false, false, false]);
  });
});
