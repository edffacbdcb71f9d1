import type { EventBus } from '@turnbook/service-kit';

type NatsConnection = EventBus['connection'];

/** Collects the events published on a subject (core subscription; JetStream publishes reach it too). */
export function collect<T = unknown>(nc: NatsConnection, subject: string) {
  const seen: Array<{ id: string; data: T }> = [];
  const sub = nc.subscribe(subject);
  void (async () => {
    for await (const m of sub) seen.push(JSON.parse(m.string()));
  })();
  return {
    seen,
    async waitFor(pred: (data: T) => boolean, ms = 10_000): Promise<T> {
      const until = Date.now() + ms;
      for (;;) {
        const hit = seen.find((e) => pred(e.data));
        if (hit) return hit.data;
        if (Date.now() > until) throw new Error(`no matching event on ${subject}; saw ${JSON.stringify(seen.map((e) => e.data))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => sub.unsubscribe(),
  };
}

/**
 * Runs `write` while every update of `model` fails, as in a process that dies right after inserting a
 * document: whatever the use case meant to write next never lands.
 */
export async function dyingAfterInsert<T>(model: { updateOne: unknown }, write: () => Promise<T>): Promise<T> {
  const updateOne = model.updateOne;
  model.updateOne = () => {
    throw new Error('process died');
  };
  try {
    return await write();
  } finally {
    model.updateOne = updateOne;
  }
}
