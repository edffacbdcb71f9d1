import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expressPath, INTERNAL_TOKEN_HEADER, type EventData, type StoreMembershipResponse } from '@turnbook/contracts';

type Snapshot = EventData<'store.membership_changed'>;

/** Where a service under test asks scheduling when no test gives it one: a port nothing listens on (connection refused). */
export const NO_SCHEDULING_URL = 'http://127.0.0.1:1';

/**
 * Scheduling's internal membership route over real HTTP ('GET internal/stores/{storeId}/membership'), for services
 * that ask it about a store their read model lacks. It answers the snapshots it is given and counts the calls.
 */
export async function startFakeScheduling(token: string) {
  const stores = new Map<number, Snapshot>();
  const calls: number[] = [];
  let delayMs = 0;
  let failing = false;
  const route = new RegExp(`^${expressPath('internal/stores/{storeId}/membership').replace(':storeId', '(\\d+)')}$`);
  const server = http.createServer((req, res) => {
    const match = route.exec(req.url ?? '');
    const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'GET' || !match) return reply(404, { message: 'Not found', code: 'notFound' });
    if (req.headers[INTERNAL_TOKEN_HEADER] !== token) return reply(401, { message: 'Unauthenticated', code: 'unauthenticated' });
    const storeId = Number(match[1]);
    calls.push(storeId);
    setTimeout(() => {
      if (failing) return reply(503, { message: 'Unavailable', code: 'unavailable' });
      const body: StoreMembershipResponse = { membership: stores.get(storeId) ?? null };
      reply(200, body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Snapshots scheduling holds, by store id. */
    stores,
    /** The store id of every call received, in order. */
    calls,
    callsFor: (storeId: number) => calls.filter((id) => id === storeId).length,
    /** How long each answer takes. */
    answerAfter(ms: number) {
      delayMs = ms;
    },
    /** Every call answered 503 (true) or normally again (false). */
    fail(on: boolean) {
      failing = on;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeScheduling = Awaited<ReturnType<typeof startFakeScheduling>>;
