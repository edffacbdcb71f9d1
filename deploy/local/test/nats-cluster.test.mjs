import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_NATS_NODES, natsNodePorts, parseNatsCluster, streamReplicasFor, writeNatsConfig } from '../nats-config.mjs';
import { infraUrls } from '../infra.mjs';
import { MAX_INSTANCES, SERVICE_NAMES, portsFor, serviceInstances } from '../ports.mjs';

describe('--nats-cluster', () => {
  it('when both profiles run the largest NATS cluster beside every service at its most instances, then no port is used twice', () => {
    const most = Object.fromEntries(SERVICE_NAMES.filter((s) => s !== 'realtime').map((s) => [s, MAX_INSTANCES]));
    const all = ['dev', 'test'].flatMap((p) => {
      const ports = portsFor(p);
      const infra = Object.entries(ports).filter(([key]) => key !== 'services' && key !== 'nats' && key !== 'natsMonitor').map(([, port]) => port);
      const nats = natsNodePorts(ports, MAX_NATS_NODES).flatMap((n) => [n.client, n.monitor, n.cluster]);
      return [...infra, ports.stripeMock + 1, ...nats, ...Object.values(serviceInstances(ports, most)).flat().map((i) => i.port)];
    });
    expect(new Set(all).size).toBe(all.length);
  });

  it('when a node of a cluster gets its config, then it listens for routes on its own port and routes to every other node', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-nats-conf-'));
    try {
      const nodes = natsNodePorts(portsFor('dev', {}), 3);
      const file = writeNatsConfig({
        dir, port: nodes[1].client, monitorPort: nodes[1].monitor, name: 'turnbook-dev-2',
        cluster: { name: 'turnbook-dev', port: nodes[1].cluster, routes: [nodes[0].cluster, nodes[2].cluster] },
      });
      const conf = readFileSync(file, 'utf8');
      expect(conf).toContain('listen: "127.0.0.1:4223"');
      expect(conf).toContain('listen: "127.0.0.1:6223"');
      expect(conf).toContain('routes: ["nats-route://127.0.0.1:6222", "nats-route://127.0.0.1:6224"]');
      expect(conf).toContain(`pid_file: ${JSON.stringify(path.join(dir, 'nats.pid'))}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the services are told where a 3-node cluster is, then NATS_URL lists every node and the stream gets 3 replicas', () => {
    const urls = infraUrls(portsFor('dev', {}), ['nats'], 3);
    expect(urls.natsUrl).toBe('nats://127.0.0.1:4222,nats://127.0.0.1:4223,nats://127.0.0.1:4224');
    expect(urls.natsStreamReplicas).toBe(3);
    expect(urls.natsNodes.map((n) => n.name)).toEqual(['nats-1', 'nats-2', 'nats-3']);
    expect(infraUrls(portsFor('dev', {}), ['nats']).natsUrl).toBe('nats://127.0.0.1:4222');
    expect(streamReplicasFor(5)).toBe(3);
  });

  it('when --nats-cluster is not a node count, then the launcher refuses it', () => {
    expect(parseNatsCluster(undefined)).toBe(1);
    expect(parseNatsCluster('3')).toBe(3);
    for (const bad of ['0', '6', 'three', '2.5']) expect(() => parseNatsCluster(bad)).toThrow(/--nats-cluster/);
  });
});
