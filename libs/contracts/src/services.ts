import ports from './ports.json';

/**
 * The back-end services and where each listens by default (local runs; override with PORT). The numbers live
 * in ports.json so the launcher can read them before any TypeScript tooling is installed.
 */
export const SERVICES = Object.fromEntries(Object.entries(ports.services).map(([name, port]) => [name, { port }])) as {
  readonly [K in keyof typeof ports.services]: { readonly port: number };
};

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** Test runs use the same layout shifted by this offset so they never collide with `npm start`. */
export const TEST_PORT_OFFSET: number = ports.testPortOffset;

/** Local infrastructure defaults (loopback only; postgres is the one behind the local FerretDB). */
export const INFRA_PORTS: Readonly<typeof ports.infra> = ports.infra;
