import { WebSocket } from 'ws';

export type Frame = { type: string; channel?: string; subject?: string; data?: unknown; message?: string };

/** A ws client that records what it receives and can wait for a frame or for the close. */
export async function connectClient(url: string, opts: { autoPong?: boolean; headers?: Record<string, string> } = {}) {
  const ws = new WebSocket(url, { autoPong: opts.autoPong ?? true, headers: opts.headers });
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  let closed: { code: number; reason: string } | undefined;
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  ws.on('close', (code, reason) => {
    closed = { code, reason: reason.toString() };
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  const waitUntil = async <T>(check: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };

  return {
    ws,
    frames,
    send: (msg: unknown) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    /** The first frame (from index `from` on) that matches. */
    next: (match: Partial<Frame>, from = 0) =>
      waitUntil(
        () => frames.slice(from).find((f) => Object.entries(match).every(([k, v]) => (f as Record<string, unknown>)[k] === v)),
        JSON.stringify(match),
      ),
    async subscribe(channel: string): Promise<Frame> {
      const from = frames.length;
      ws.send(JSON.stringify({ type: 'subscribe', channel }));
      return waitUntil(() => frames.slice(from).find((f) => f.channel === channel && (f.type === 'subscribed' || f.type === 'error')), `answer for ${channel}`);
    },
    closed: (timeoutMs?: number) => waitUntil(() => closed, 'close', timeoutMs),
    events: (channel: string) => frames.filter((f) => f.type === 'event' && f.channel === channel),
    close: () => ws.close(),
  };
}
export type TestClient = Awaited<ReturnType<typeof connectClient>>;
