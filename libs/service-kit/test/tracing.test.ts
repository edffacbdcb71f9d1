import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { build } from 'esbuild';
import { mongoUrl, startWorld } from './harness';

interface SpanSeen { name: string; kind: SpanKind; traceId: string; spanId: string; parentSpanId?: string; scope: string; attributes: Record<string, unknown> }

const REPO = path.resolve(__dirname, '../../..');

/**
 * Runs test/traced/main.ts as a service runs: bundled with its npm packages external (deploy/local/bundle-service.mjs),
 * in its own Node process, where instrumentation can patch express and mongodb as they are required.
 */
async function runTraced(env: Record<string, string>): Promise<SpanSeen[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tb-traced-'));
  try {
    await build({
      entryPoints: [path.join(__dirname, 'traced/main.ts')],
      outfile: path.join(dir, 'main.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      tsconfig: path.join(__dirname, '../tsconfig.json'),
      plugins: [{ name: 'external-npm', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@turnbook/') ? undefined : { path: a.path, external: true })) }],
      logLevel: 'warning',
    });
    const nodePath = [path.join(__dirname, '../node_modules'), path.join(REPO, 'node_modules')].join(path.delimiter);
    const child = spawn(process.execPath, [path.join(dir, 'main.js')], { env: { ...process.env, ...env, NODE_PATH: nodePath }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const code = await new Promise((r) => child.on('exit', r));
    if (code !== 0) throw new Error(`traced process exited with ${code}`);
    return JSON.parse(out.trim().split('\n').pop()!) as SpanSeen[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('traces', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => void (world = await startWorld('tracing')), 30_000);
  afterAll(async () => world?.stop());

  it('when tracing is on, then one booking-like request gives spans for the request, the database call, the publish and the consumer in one trace', async () => {
    const spans = await runTraced({ MONGO_URL: mongoUrl, DB_NAME: world.db.name, NATS_URL: world.nats.url });
    const server = spans.find((s) => s.kind === SpanKind.SERVER && s.scope.includes('instrumentation-http'));
    expect(server).toBeDefined();
    const trace = spans.filter((s) => s.traceId === server!.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const under = (s: SpanSeen, ancestor: SpanSeen): boolean => s.parentSpanId === ancestor.spanId || (!!s.parentSpanId && !!byId.get(s.parentSpanId) && under(byId.get(s.parentSpanId)!, ancestor));

    // the caller's request (its client span) is the parent of the service's
    expect(server!.parentSpanId).toBe(trace.find((s) => s.kind === SpanKind.CLIENT && s.scope.includes('instrumentation-http'))?.spanId);
    // express's route, and the database writes of the request
    expect(trace.some((s) => s.scope.includes('instrumentation-express') && under(s, server!))).toBe(true);
    const dbCalls = trace.filter((s) => s.scope.includes('instrumentation-mongodb'));
    expect(dbCalls.some((s) => under(s, server!))).toBe(true);
    // the publish, within the request; the consumer, a child of the publish; its database read under it
    const publish = trace.find((s) => s.kind === SpanKind.PRODUCER);
    expect(publish?.name).toBe('publish staff.updated');
    expect(under(publish!, server!)).toBe(true);
    const consumer = trace.find((s) => s.kind === SpanKind.CONSUMER);
    expect(consumer?.parentSpanId).toBe(publish!.spanId);
    expect(consumer?.attributes['messaging.consumer.group.name']).toMatch(/^customers-staff-names/);
    expect(dbCalls.some((s) => s.parentSpanId === consumer!.spanId)).toBe(true);
  }, 60_000);
});
