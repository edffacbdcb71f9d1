import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../paths.mjs';
import { loadEnvShapes, variablesRead } from './env-shapes.mjs';
import { SERVICE_NAMES, SERVICES } from '../ports.mjs';

// Issue 34, item 4: the production compose (deploy/compose/docker-compose.yml) checked without Docker: against
// the services' own config schemas (libs/service-kit's BaseEnv + services/<service>/src/config.ts), and its
// start order (every depends_on names a container that says when it is ready).

const COMPOSE_FILE = path.join(REPO_ROOT, 'deploy/compose/docker-compose.yml');

/** Node's own variables are read by the runtime, not by our schemas. */
const RUNTIME_VARIABLE = /^(NODE|OTEL)_/;

/** What an operator exports for the variables the compose file requires (`${NAME:?...}`), in a valid shape. */
const OPERATOR_VALUES = {
  TURNBOOK_COMMIT: '0123456789abcdef0123456789abcdef01234567',
  INTERNAL_TOKEN: 'an-internal-token-of-32-characters',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  STRIPE_SECRET_KEY: 'sk_live_51abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_abcdef123456',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51abcdef',
  TWILIO_ACCOUNT_SID: `AC${'0a'.repeat(16)}`,
  TWILIO_AUTH_TOKEN: 'a-twilio-auth-token-32-characters',
  TWILIO_FROM: '+15555550100',
};

/** Compose's interpolation as an operator who exported OPERATOR_VALUES (and nothing else) gets it. */
function interpolate(value) {
  return String(value).replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_, name, op, arg) => {
    if (op === '-') return OPERATOR_VALUES[name] ?? arg;
    if (!(name in OPERATOR_VALUES)) throw new Error(`compose requires \${${name}}: add a valid value to OPERATOR_VALUES`);
    return OPERATOR_VALUES[name];
  });
}

/**
 * The Compose Specification's JSON schema, as the docker-compose package ships it (what `docker compose config`
 * checks the file's shape against); its draft-07 marker is dropped so ajv's default draft reads it.
 */
function composeSpecValidator() {
  const require = createRequire(import.meta.url);
  const { $schema: _draft, ...schema } = JSON.parse(readFileSync(require.resolve('docker-compose/schema/compose-spec.json'), 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

const compose = parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true });
const containers = compose.services;
const dockerfileOf = (c) => (typeof c.build === 'object' ? c.build.dockerfile : undefined);
const containerOf = (service) => Object.entries(containers).find(([, c]) => dockerfileOf(c) === `services/${service}/Dockerfile`);
const environmentOf = (service) => containerOf(service)?.[1].environment ?? {};
/** A one-shot container (certificate, gateway config): it runs to the end, so it is waited for by completion. */
const isOneShot = (c) => !c.restart;

let shapes;
beforeAll(async () => {
  shapes = await loadEnvShapes();
}, 60_000);

describe('the production compose file', () => {
  it('when it is read, then it is YAML with a container per service, each built from its own Dockerfile on its own port', () => {
    expect(Object.keys(containers).length).toBeGreaterThan(0);
    for (const s of SERVICE_NAMES) {
      const [name, c] = containerOf(s) ?? [];
      expect({ service: s, container: name, port: c?.environment?.PORT }).toEqual({ service: s, container: s, port: String(SERVICES[s].port) });
    }
  });

  it('when it is checked against the Compose Specification schema, then it is valid (keys, conditions, health checks spelled as compose reads them)', () => {
    const validate = composeSpecValidator();
    expect(validate(compose) ? [] : validate.errors.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    // the check itself sees a misspelt condition
    const misspelt = structuredClone(compose);
    misspelt.services.gateway.depends_on.identity.condition = 'service_heathy';
    expect(validate(misspelt)).toBe(false);
  });

  it.each(SERVICE_NAMES)('when the %s container is started, then every variable set for it is one the service reads', (s) => {
    const reads = variablesRead(shapes, s);
    const unread = Object.keys(environmentOf(s)).filter((name) => !reads.has(name) && !RUNTIME_VARIABLE.test(name));
    expect(unread).toEqual([]);
  });

  it.each(SERVICE_NAMES)('when the %s container is started, then every variable the service requires (no default) is set', (s) => {
    const shape = { ...shapes.BaseEnv.shape, ...shapes[s] };
    const required = Object.keys(shape).filter((name) => !shape[name].safeParse(undefined).success);
    const env = environmentOf(s);
    expect(required.filter((name) => !(name in env))).toEqual([]);
  });

  it.each(SERVICE_NAMES)('when the %s container starts with the operator\'s values, then its configuration loads in production', (s) => {
    const env = Object.fromEntries(Object.entries(environmentOf(s)).map(([k, v]) => [k, interpolate(v)]));
    expect(env.NODE_ENV).toBe('production');
    const config = shapes.loadConfig(s, shapes[s], env);
    expect(config.port).toBe(SERVICES[s].port);
  });

  it('when a container depends on another, then that one exists and is waited for until healthy (or, run once, until done)', () => {
    const waits = Object.entries(containers).flatMap(([name, c]) =>
      Object.entries(c.depends_on ?? {}).map(([target, d]) => ({ name, target, condition: d.condition, exists: target in containers })));
    expect(waits.length).toBeGreaterThan(0);
    for (const w of waits) {
      const target = containers[w.target];
      expect(w).toEqual({ ...w, exists: true });
      if (isOneShot(target)) expect(w).toEqual({ ...w, condition: 'service_completed_successfully' });
      else expect({ ...w, healthcheck: Boolean(target.healthcheck?.test) }).toEqual({ ...w, condition: 'service_healthy', healthcheck: true });
    }
  });

  it('when a container runs for good (it restarts), then it has a health check', () => {
    const unchecked = Object.entries(containers).filter(([, c]) => !isOneShot(c) && !c.healthcheck?.test).map(([name]) => name);
    expect(unchecked).toEqual([]);
  });

  it('when the data stores start, then MongoDB is a three-member replica set and NATS a three-node JetStream cluster that every service lists', () => {
    const mongos = Object.entries(containers).filter(([, c]) => /^mongo:8/.test(c.image ?? ''));
    expect(mongos.map(([, c]) => c.command.join(' '))).toEqual(Array(3).fill('mongod --replSet rs0 --bind_ip_all'));
    const initiate = mongos.map(([, c]) => c.healthcheck.test.join(' ')).find((t) => t.includes('rs.initiate'));
    for (const [name] of mongos) expect(initiate).toContain(`host: '${name}:27017'`);
    const nats = Object.entries(containers).filter(([, c]) => /^nats:/.test(c.image ?? ''));
    expect(nats).toHaveLength(3);
    for (const [name, c] of nats) {
      const args = c.command.join(' ');
      expect(args).toMatch(/(^| )-js( |$)/);
      expect(args).toContain('--cluster_name turnbook');
      // routes to the two others
      for (const [other] of nats.filter(([n]) => n !== name)) expect(args).toContain(`nats://${other}:6222`);
    }
    for (const s of SERVICE_NAMES) {
      const env = environmentOf(s);
      expect(env.NATS_URL.split(',').sort()).toEqual(nats.map(([n]) => `nats://${n}:4222`).sort());
      expect(env.MONGO_URL).toBe(`mongodb://${mongos.map(([n]) => `${n}:27017`).join(',')}/?replicaSet=rs0`);
    }
  });
});
