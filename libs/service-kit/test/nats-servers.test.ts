import { freePort, NatsProcess } from '@turnbook/test-kit/nats-process';
import { EventBus } from '../src/events';
import { createLogger } from '../src/logger';
import { connectMongo } from '../src/mongo';
import { mongoUrl, uniqueSuffix } from './harness';

describe("NATS_URL listing a cluster's nodes", () => {
  // The live node comes first: read as one address, the list would be its last node (the down one) alone.
  it('when NATS_URL lists two nodes (comma-separated) and only the first is up, then the bus connects through it', async () => {
    const nats = new NatsProcess();
    await nats.start();
    const db = await connectMongo(mongoUrl, `t-nats-servers${uniqueSuffix()}`);
    const down = `nats://127.0.0.1:${await freePort()}`;
    const bus = new EventBus({ natsUrl: `${nats.url}, ${down}`, name: 'test', db, log: createLogger('test', 'silent'), sweepAfterMs: 0, durableSuffix: uniqueSuffix() });
    try {
      await bus.start();
      expect(bus.connection.getServer()).toBe(nats.url.replace(/^nats:\/\//, ''));
    } finally {
      await bus.stop();
      await db.dropDatabase().catch(() => undefined);
      await db.close();
      await nats.kill();
    }
  }, 30_000);
});
