// The port layout is libs/contracts/src/ports.json (also read by the contracts), read here as plain JSON so
// the launcher works before any TypeScript tooling is installed.
import { readFileSync } from 'node:fs';

const layout = JSON.parse(readFileSync(new URL('../../libs/contracts/src/ports.json', import.meta.url), 'utf8'));

export const SERVICES = Object.fromEntries(Object.entries(layout.services).map(([name, port]) => [name, { port }]));

export const SERVICE_NAMES = Object.keys(SERVICES);

export const TEST_PORT_OFFSET = layout.testPortOffset;

export const INFRA_PORTS = layout.infra;

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

/** Most instances of one service the launcher runs (their ports must stay inside the profile's range). */
export const MAX_INSTANCES = 9;

/**
 * Port of instance `k` (1-based) of a service: the first keeps the service's own port, the k-th adds
 * 100 * (k - 1) (identity 4101, 4201, 4301 …), which stays clear of every other port of both profiles.
 */
export const instancePort = (basePort, k) => basePort + 100 * (k - 1);

/**
 * Reads `identity=2,customers=3` (the --instances flag or TURNBOOK_INSTANCES) into { identity: 2, customers: 3 }.
 * @returns {Record<string, number>}
 */
export function parseInstances(spec) {
  const counts = {};
  for (const part of String(spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z]+)=(\d+)$/.exec(part);
    if (!match) throw new Error(`--instances: "${part}" is not <service>=<count> (e.g. identity=2,customers=3)`);
    const [, name, count] = match;
    const n = Number(count);
    if (!SERVICE_NAMES.includes(name)) throw new Error(`--instances: unknown service "${name}" (one of ${SERVICE_NAMES.join(', ')})`);
    if (n < 1 || n > MAX_INSTANCES) throw new Error(`--instances: ${name}=${n}, must be 1-${MAX_INSTANCES}`);
    counts[name] = n;
  }
  return counts;
}

/**
 * Every instance of every service: name (`customers` alone, `customers-1`, `customers-2` … when several)
 * and port.
 * @param {ReturnType<typeof portsFor>} ports
 * @param {Record<string, number>} counts from parseInstances
 * @returns {Record<string, Array<{ name: string, port: number }>>}
 */
export function serviceInstances(ports, counts = {}) {
  return Object.fromEntries(SERVICE_NAMES.map((service) => {
    const n = counts[service] ?? 1;
    return [service, Array.from({ length: n }, (_, i) => ({
      name: n === 1 ? service : `${service}-${i + 1}`,
      port: instancePort(ports.services[service], i + 1),
    }))];
  }));
}
