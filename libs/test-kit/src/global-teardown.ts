import type { Infra } from './infra';

/** jest globalTeardown: stops whatever global-setup.ts started (nothing when the URLs came from the env). */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { __TURNBOOK_INFRA__?: Infra };
  await holder.__TURNBOOK_INFRA__?.stop();
  holder.__TURNBOOK_INFRA__ = undefined;
}
