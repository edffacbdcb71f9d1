import request from 'supertest';
import type { BuiltService } from '@turnbook/service-kit';
import type { World } from './world';

/** Request `i`'s instance, taken in turn as the gateway spreads requests: the world's own, then `others`. */
export function instanceFor(w: World, others: BuiltService[], i: number) {
  const k = i % (others.length + 1);
  return k === 0 ? w.svc.http() : request(others[k - 1].app);
}
