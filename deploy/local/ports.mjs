// Mirror of libs/contracts/src/services.ts (SERVICES, INFRA_PORTS, TEST_PORT_OFFSET), readable before
// any TypeScript tooling is installed. test/ports.test.mjs fails if the two ever disagree.

export const SERVICES = {
  identity: { port: 4101 },
  scheduling: { port: 4102 },
  customers: { port: 4103 },
  billing: { port: 4104 },
  messaging: { port: 4105 },
  realtime: { port: 4106 },
};

export const SERVICE_NAMES = Object.keys(SERVICES);

export const TEST_PORT_OFFSET = 1000;

export const INFRA_PORTS = {
  gateway: 8080,
  mongo: 27017,
  nats: 4222,
  natsMonitor: 8222,
  smtp: 2525,
  mailbox: 4107,
  stripeMock: 12111,
  postgres: 5433,
};

/**
 * All ports of a profile: `dev` uses the defaults, `test` shifts every one by TEST_PORT_OFFSET.
 * TURNBOOK_PORT_SHIFT moves a whole profile further, so two checkouts can run their stacks side by side.
 */
export function portsFor(profile, env = process.env) {
  const shift = Number(env.TURNBOOK_PORT_SHIFT ?? 0);
  if (!Number.isSafeInteger(shift) || shift < 0 || shift > 20000) throw new Error(`TURNBOOK_PORT_SHIFT must be a whole number 0-20000, got ${env.TURNBOOK_PORT_SHIFT}`);
  const offset = (profile === 'test' ? TEST_PORT_OFFSET : 0) + shift;
  const move = (table) => Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v + offset]));
  return {
    ...move(INFRA_PORTS),
    services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, SERVICES[name].port + offset])),
  };
}
