import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { jetstreamManager, type StreamInfo } from '@nats-io/jetstream';
import { STREAM_NAME, type EventEnvelope } from '@turnbook/contracts';
import { startNatsCluster, type NatsCluster, type NatsNode } from '@turnbook/test-kit/nats-cluster';
import { EventBus } from '../src/events';
import { createLogger } from '../src/logger';
import { connectMongo } from '../src/mongo';
import { mongoUrl, staffUpdated, thingModel, uniqueSuffix, waitFor } from './harness';

/**
 * `--nats-cluster 3`: three nats-server nodes as one JetStream cluster, started by the launcher's code, the
 * events stream on 3 replicas. One node SIGKILLed while events flow through the real outbox (msgIDs) to a
 * durable consumer: nothing lost, nothing applied twice, and the node comes back and catches up.
 */
describe('events on a 3-node NATS cluster', () => {
  let cluster: NatsCluster;
  const dbName = `t-nats-cluster-${randomBytes(4).toString('hex')}`;
  const connections: Connection[] = [];
  const buses: EventBus[] = [];
  const dbOf = new Map<EventBus, Connection>();

  /** A bus as a service on the cluster would have it (NATS_URL = every node, NATS_STREAM_REPLICAS). */
  const newBus = async (streamReplicas: number) => {
    const db = await connectMongo(mongoUrl, dbName);
    connections.push(db);
    const bus = new EventBus({
      natsUrl: cluster.natsUrl, name: 'test', db, log: createLogger('test', 'silent'), streamReplicas,
      sweepMs: 200, sweepAfterMs: 500, durableSuffix: uniqueSuffix(),
    });
    await bus.start();
    buses.push(bus);
    dbOf.set(bus, db);
    return bus;
  };
  const streamInfo = async (bus: EventBus): Promise<StreamInfo> => (await jetstreamManager(bus.connection)).streams.info(STREAM_NAME);
  const serverName = async (node: NatsNode) => ((await (await fetch(`${node.monitorUrl}/varz`)).json()) as { server_name: string }).server_name;
  const healthy = async (node: NatsNode) => (await fetch(`${node.monitorUrl}/healthz`).catch(() => undefined))?.ok === true;
  /** Messages this node's own JetStream store holds (its copy of the stream). */
  const storedOn = async (node: NatsNode) => {
    const res = await fetch(`${node.monitorUrl}/jsz`).catch(() => undefined);
    return res?.ok ? ((await res.json()) as { messages: number }).messages : -1;
  };

  beforeAll(async () => {
    cluster = await startNatsCluster(3);
  }, 120_000);
  afterAll(async () => {
    for (const bus of buses) await bus.stop().catch(() => undefined);
    await connections[0]?.dropDatabase().catch(() => undefined);
    for (const c of connections) await c.close();
    await cluster?.stop();
  }, 60_000);

  it('when a bus asks for 3 replicas of a stream made with 1, then the stream is scaled up to 3 nodes', async () => {
    const single = await newBus(1);
    expect((await streamInfo(single)).config.num_replicas).toBe(1);

    const replicated = await newBus(3);
    const info = await streamInfo(replicated);
    expect(info.config.num_replicas).toBe(3);
    // the leader and its two followers
    await waitFor(async () => ((await streamInfo(replicated)).cluster?.replicas ?? []).length === 2);
  }, 60_000);

  it('when a node is SIGKILLed while events flow, then none is lost or applied twice and the node rejoins and catches up', async () => {
    const publisher = await newBus(3);
    const consumer = await newBus(3);
    const applied = new Map<string, number>();
    await consumer.consume('customers-staff-names', async (env: EventEnvelope) => {
      applied.set(env.id, (applied.get(env.id) ?? 0) + 1);
    });
    const Thing = thingModel(dbOf.get(publisher)!);

    // The stream's leader is the node whose loss disturbs publishers and the consumer most.
    const leaderName = (await streamInfo(publisher)).cluster?.leader;
    const names = await Promise.all(cluster.nodes.map(serverName));
    const victim = cluster.nodes[names.indexOf(leaderName!)];
    expect(victim).toBeDefined();
    const before = (await streamInfo(publisher)).state.messages;

    const total = 150;
    const sent: string[] = [];
    let killedAt = 0;
    let slowestSendMs = 0;
    let restarted: Promise<number> | undefined;
    const victimPid = cluster.pidOf(victim);
    for (let i = 0; i < total; i += 1) {
      if (i === total / 3) {
        process.kill(victimPid, 'SIGKILL');
        killedAt = Date.now();
        restarted = waitFor(async () => cluster.pidOf(victim) !== victimPid && (await healthy(victim)), 60_000).then(() => Date.now() - killedAt);
      }
      // A document written with its event, as a booking is: the outbox publishes it (msgID = event id).
      const began = Date.now();
      await publisher.insertNumbered(Thing, { name: `t${i}` }, { counter: 'things' }, (saved) => {
        const env = staffUpdated(publisher, 900_001, saved._id);
        sent.push(env.id);
        return [env];
      });
      slowestSendMs = Math.max(slowestSendMs, Date.now() - began);
    }
    const sentAt = Date.now();

    await waitFor(() => sent.every((id) => applied.has(id)), 90_000);
    // Redeliveries after the failover would show here: give them a moment to arrive.
    await new Promise((r) => setTimeout(r, 2000));
    const lost = sent.filter((id) => !applied.has(id)).length;
    const duplicated = [...applied.values()].filter((n) => n > 1).length;

    // The launcher restarted the node, and its store holds the whole stream again.
    await waitFor(async () => {
      const info = await streamInfo(publisher);
      const peers = info.cluster?.replicas ?? [];
      return peers.length === 2 && peers.every((p) => p.current && !p.offline)
        && cluster.pidOf(victim) !== victimPid && (await storedOn(victim)) === info.state.messages;
    }, 90_000);
    const caughtUpMs = Date.now() - sentAt;
    const restartedMs = await restarted!;
    const stored = (await streamInfo(publisher)).state.messages - before;
    const jsm = await jetstreamManager(consumer.connection);
    const durables = await jsm.consumers.list(STREAM_NAME).next();
    const redelivered = durables.filter((c) => c.name.startsWith('customers-staff-names')).reduce((n, c) => n + c.num_redelivered, 0);

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`NATS node kill (${victim.name}, the stream leader, SIGKILL after ${total / 3} of ${total} events): `
      + `sent ${total}, delivered ${applied.size}, lost ${lost}, duplicated ${duplicated}, stored in the stream ${stored}, `
      + `redelivered by JetStream ${redelivered} (skipped by processed ids), slowest send ${s(slowestSendMs)}, `
      + `node restarted and healthy ${s(restartedMs)} after the kill, its store caught up ${s(caughtUpMs)} after the last send`);
    expect({ lost, duplicated, delivered: applied.size, stored }).toEqual({ lost: 0, duplicated: 0, delivered: total, stored: total });
  }, 240_000);
});
