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
};

/** All ports of a profile: `dev` uses the defaults, `test` shifts every one by TEST_PORT_OFFSET. */
export function portsFor(profile) {
  const offset = profile === 'test' ? TEST_PORT_OFFSET : 0;
  const shift = (table) => Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v + offset]));
  return {
    ...shift(INFRA_PORTS),
    services: Object.fromEntries(SERVICE_NAMES.map((name) => [name, SERVICES[name].port + offset])),
  };
}
