import { getInfra } from './infra';

/**
 * jest globalSetup: finds or starts the test infrastructure and exports MONGO_URL / NATS_URL (and FERRETDB_POSTGRESQL_URL for a local FerretDB), which the
 * test workers (started afterwards) inherit. Use with global-teardown.ts:
 *   globalSetup: '<repo>/libs/test-kit/src/global-setup.ts', globalTeardown: '.../global-teardown.ts'
 */
export default async function globalSetup(): Promise<void> {
  const infra = await getInfra();
  process.env.MONGO_URL = infra.mongoUrl;
  process.env.NATS_URL = infra.natsUrl;
  if (infra.postgresUrl) process.env.FERRETDB_POSTGRESQL_URL = infra.postgresUrl;
  (globalThis as { __TURNBOOK_INFRA__?: typeof infra }).__TURNBOOK_INFRA__ = infra;
}
