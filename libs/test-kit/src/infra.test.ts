import { execFileSync } from 'node:child_process';
import { MongoClient } from 'mongodb';
import { connect } from '@nats-io/transport-node';
import { dockerAnswers, getInfra, startLocalInfra } from './infra';
import globalSetup from './global-setup';
import globalTeardown from './global-teardown';

const processesOf = (pattern: string) => {
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
};

describe('test infrastructure', () => {
  it('when MONGO_URL and NATS_URL are set, then getInfra uses them and starts nothing', async () => {
    const infra = await getInfra({ MONGO_URL: 'mongodb://db.example:27017/', NATS_URL: 'nats://bus.example:4222' });
    expect(infra).toMatchObject({ source: 'env', mongoUrl: 'mongodb://db.example:27017/', natsUrl: 'nats://bus.example:4222' });
    await infra.stop();
  });

  it('when DOCKER_HOST points at a socket that does not exist, then no Docker engine answers', async () => {
    await expect(dockerAnswers({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' })).resolves.toBe(false);
  });

  it('when the local infrastructure is started, then FerretDB and NATS with JetStream accept clients, and stop leaves no process', async () => {
    const infra = await startLocalInfra();
    expect(infra.source).toBe('local');
    const port = new URL(infra.mongoUrl).port;
    try {
      const mongo = await MongoClient.connect(infra.mongoUrl, { serverSelectionTimeoutMS: 5000 });
      try {
        const things = mongo.db('t-infra').collection('things');
        await things.insertOne({ _id: 1 as never, name: 'chair' });
        expect(await things.findOne({ _id: 1 as never })).toMatchObject({ name: 'chair' });
      } finally {
        await mongo.close();
      }

      const nc = await connect({ servers: infra.natsUrl });
      try {
        expect(nc.info?.jetstream).toBe(true);
      } finally {
        await nc.close();
      }
      expect(processesOf(`listen-addr 127.0.0.1:${port}`)).toHaveLength(1);
    } finally {
      await infra.stop();
    }
    expect(processesOf(`listen-addr 127.0.0.1:${port}`)).toHaveLength(0);
  }, 300_000);

  it('when the global setup runs with URLs in the environment, then it exports them and the teardown is a no-op', async () => {
    const saved = { MONGO_URL: process.env.MONGO_URL, NATS_URL: process.env.NATS_URL };
    process.env.MONGO_URL = 'mongodb://127.0.0.1:1/';
    process.env.NATS_URL = 'nats://127.0.0.1:2';
    try {
      await globalSetup();
      expect(process.env.MONGO_URL).toBe('mongodb://127.0.0.1:1/');
      expect(process.env.NATS_URL).toBe('nats://127.0.0.1:2');
      await globalTeardown();
    } finally {
      Object.assign(process.env, saved);
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    }
  });
});
