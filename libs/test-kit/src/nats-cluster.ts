import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LAUNCHER, stopChild, waitForReady } from './infra';

/** One node of a local NATS cluster, as `deploy/local/cli.mjs infra --nats-cluster N` reports it. */
export interface NatsNode {
  name: string;
  url: string;
  monitorUrl: string;
  /** nats-server writes its pid here at each start (the launcher restarts a node that dies) */
  pidFile: string;
}

export interface NatsCluster {
  /** every node, comma-separated: what NATS_URL gets */
  natsUrl: string;
  nodes: NatsNode[];
  /** the running pid of a node */
  pidOf(node: NatsNode): number;
  stop(): Promise<void>;
}

/**
 * A JetStream cluster of `count` nats-server nodes on free ports, started by the launcher's own code
 * (`npm start -- --nats-cluster 3` starts its cluster the same way) and kept alive by its supervisor: a node
 * killed by a test is restarted. The launcher holds our stdin pipe, so it stops even if jest is killed.
 */
export async function startNatsCluster(count = 3): Promise<NatsCluster> {
  const child = spawn(process.execPath, [LAUNCHER, 'infra', '--free-ports', '--nats-only', '--nats-cluster', String(count), '--watch-stdin'], {
    cwd: path.dirname(LAUNCHER),
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const ready = await waitForReady<{ natsUrl: string; natsNodes: NatsNode[] }>(child);
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void })?.unref?.();
  return {
    natsUrl: ready.natsUrl,
    nodes: ready.natsNodes,
    pidOf: (node) => Number(readFileSync(node.pidFile, 'utf8').trim()),
    stop: () => stopChild(child),
  };
}
