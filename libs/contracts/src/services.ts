/** The back-end services and where each listens by default (local runs; override with PORT). */
export const SERVICES = {
  identity: { port: 4101 },
  scheduling: { port: 4102 },
  customers: { port: 4103 },
  billing: { port: 4104 },
  messaging: { port: 4105 },
  realtime: { port: 4106 },
} as const;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** Test runs use the same layout shifted by this offset so they never collide with `npm start`. */
export const TEST_PORT_OFFSET = 1000;

/** Local infrastructure defaults (loopback only). */
export const INFRA_PORTS = {
  gateway: 8080,
  mongo: 27017,
  nats: 4222,
  natsMonitor: 8222,
  smtp: 2525,
  mailbox: 4107,
  stripeMock: 12111,
  /** PostgreSQL behind the local FerretDB (loopback only) */
  postgres: 5433,
} as const;
