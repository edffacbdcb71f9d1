import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import mongoose from 'mongoose';
import { EventBus, pendingEventsFields } from '../../src/events';
import { createLogger } from '../../src/logger';
import { connectMongo } from '../../src/mongo';
import { requestLogs } from '../../src/request-log';

/**
 * One booking-like request: a caller posts, the service writes a document with its event and publishes it,
 * another service's consumer handles it and reads the database.
 */
export async function bookOnce(o: { mongoUrl: string; dbName: string; natsUrl: string }): Promise<void> {
  const db = await connectMongo(o.mongoUrl, o.dbName);
  const log = createLogger('traced', 'silent');
  const Booking = db.model<{ _id: number; name?: string }>('Booking', new mongoose.Schema<{ _id: number; name?: string }>({ _id: Number, name: String, ...pendingEventsFields }, { versionKey: false }), 'bookings');
  const bus = (suffix: string) => new EventBus({ natsUrl: o.natsUrl, name: 'traced', db, log, sweepAfterMs: 60_000, durableSuffix: suffix });
  const publisher = bus('-publisher');
  const consumer = bus(`-${process.pid}`);
  await publisher.start();
  await consumer.start();
  let handled!: () => void;
  const consumed = new Promise<void>((resolve) => (handled = resolve));
  await consumer.consume('customers-staff-names', async (env) => {
    await Booking.findById(env.storeId).lean();
    handled();
  });

  const app = express();
  app.use(requestLogs(log));
  app.post('/book', async (_req, res) => {
    const saved = await publisher.insertNumbered(Booking, { name: 'ann' }, { counter: 'bookings', start: 1 }, (b) => [
      publisher.event('staff.updated', b._id, { storeId: b._id, staffId: 1, userId: null, fname: 'ann', lname: 'lee', nickname: 'ann', role: 'staff', online_booking: 'on', color: '#fff', archived: false }),
    ]);
    res.json({ id: saved._id });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/book', method: 'POST' }, (res) => res.resume().on('end', resolve));
    req.on('error', reject).end();
  });
  await consumed;
  // the consumer's span ends once its handler returned
  await new Promise((r) => setTimeout(r, 200));
  server.close();
  await publisher.stop();
  await consumer.stop();
  await db.close();
}
