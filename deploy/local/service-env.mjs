// The environment each service gets from the launcher. Services validate it with zod at start
// (libs/service-kit config); these names are the contract between the launcher and the services.
import path from 'node:path';
import { SERVICE_NAMES } from './ports.mjs';

/**
 * @param {{ name: string, profile: string, ports: ReturnType<typeof import('./ports.mjs').portsFor>,
 *   infra: import('./infra.mjs').InfraUrls, secrets: { internalToken: string, stripeWebhookSecret: string, twilioAuthToken: string },
 *   stateDir: string, publicUrl: string }} o
 */
export function serviceEnv({ name, profile, ports, infra, secrets, stateDir, publicUrl }) {
  const serviceUrls = Object.fromEntries(SERVICE_NAMES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports.services[s]}`]));
  return {
    ...process.env,
    NODE_ENV: profile === 'test' ? 'test' : 'development',
    // The test stack fails an answer that strays from its response schema in libs/contracts.
    CHECK_RESPONSES: profile === 'test' ? '1' : '0',
    PORT: String(ports.services[name]),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    MONGO_URL: infra.mongoUrl,
    // the PostgreSQL under the local FerretDB, for its GIN indexes; unset when MONGO_URL is a real MongoDB
    ...(infra.postgresUrl && { FERRETDB_POSTGRESQL_URL: infra.postgresUrl }),
    NATS_URL: infra.natsUrl, // every node of a cluster, comma-separated
    // on a cluster (--nats-cluster 3) the events stream is kept on 3 nodes (the bus scales an existing one up)
    ...(infra.natsStreamReplicas > 1 && { NATS_STREAM_REPLICAS: String(infra.natsStreamReplicas) }),
    SMTP_URL: infra.smtpUrl,
    MAIL_FROM: 'Turnbook <no-reply@turnbook.local>',
    ...serviceUrls, // IDENTITY_URL, SCHEDULING_URL, ...
    JWKS_URL: `http://127.0.0.1:${ports.services.identity}/api/.well-known/jwks.json`,
    INTERNAL_TOKEN: secrets.internalToken,
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret,
    STRIPE_API_URL: infra.stripeUrl,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripeMock),
    STRIPE_API_PROTOCOL: 'http',
    // Texts: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM from the environment send through Twilio;
    // without them texts are recorded (/dev/texts) and the local token checks the webhook's signatures.
    ...(name === 'messaging' && {
      TWILIO_AUTH_TOKEN: process.env.TWILIO_AUTH_TOKEN || secrets.twilioAuthToken,
      // what the simulated replies are signed for (with a real account, set it to the URL Twilio calls)
      ...(!process.env.TWILIO_ACCOUNT_SID && { TWILIO_WEBHOOK_URL: process.env.TWILIO_WEBHOOK_URL || `${publicUrl}/api/webhooks/twilio` }),
    }),
    // files a service keeps outside the database (signing keys, uploaded pictures)
    DATA_DIR: path.join(stateDir, name),
    // Node keeps its compiled code here, so a restarted process loads its modules faster (shared: keyed by file)
    NODE_COMPILE_CACHE: path.join(stateDir, 'compile-cache'),
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    // the test stack hashes passwords cheaply (identity refuses this in production)
    ...(profile === 'test' && { PASSWORD_HASH_COST: 'low' }),
    // every e2e journey registers from 127.0.0.1: the per-address limits would stop the suite, not an attacker
    // (identity's own tests prove the limits with their defaults)
    ...(profile === 'test' && name === 'identity' && { REGISTER_MAX_PER_IP: '10000', FORGOT_MAX_PER_IP: '10000' }),
    // likewise the guest booking calls (lookups, the booking flow's customers, online requests and their log
    // entries; their tests prove them). The per-phone limits stay: api/public-limits.test.ts meets them.
    ...(profile === 'test' && name === 'customers' && { CUSTOMER_LOOKUP_PER_ADDRESS: '10000', CUSTOMER_GUEST_PER_ADDRESS: '10000' }),
    // the booking page's public reads: the e2e suite reads availability from one address thousands of times
    // (scheduling's own tests prove the limit); `npm start` keeps the product's limit unless
    // PUBLIC_READS_PER_ADDRESS is set (the calendar bench's header says so)
    ...(name === 'scheduling' && (profile === 'test' || process.env.PUBLIC_READS_PER_ADDRESS) && {
      PUBLIC_READS_PER_ADDRESS: process.env.PUBLIC_READS_PER_ADDRESS || '1000000',
    }),
    // and the demo store's staff adds: several journeys add staff to it (staff.test.ts proves the limit)
    ...(profile === 'test' && name === 'scheduling' && {
      STAFF_ADDS_PER_HOUR: '1000',
      GUEST_BOOKING_PER_ADDRESS: '10000', GUEST_LOG_PER_ADDRESS: '10000', GUEST_BOOKING_PER_PHONE: '10000', GUEST_BOOKING_PER_STORE: '10000',
    }),
  };
}
