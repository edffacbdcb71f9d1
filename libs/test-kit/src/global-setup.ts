import { getInfra } from './infra';

/**
 * jest globalSetup: finds or starts the test infrastructure and exports MONGO_URL / NATS_URL, which the
 * test workers (started afterwards) inherit. Use with global-teardown.ts:
 *   globalSetup: '<repo>/libs/test-kit/src/global-setup.ts', globalTeardown: '.../global-teardown.ts'
 */
export default async function globalSetup(): Promise<void> {
  const infra = await getInfra();
  process.env.MONGO_URL = infra.mongoUrl;
  process.env.NATS_URL = infra.natsUrl;
  (globalThis as { __TURNBOOK_INFRA__?: typeof infra }).__TURNBOOK_INFRA__ = infra;
}
