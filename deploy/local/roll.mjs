// A rolling deploy inside the running launcher (asked for through the control socket, see control.mjs):
// the instances of one service are replaced one at a time by instances of a packaged artifact, so the
// gateway always has a ready instance to send each request to.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { serviceNodeArgs } from './bundle-service.mjs';
import { httpCheck, isPortFree, waitFor } from './health.mjs';
import { LauncherError } from './log.mjs';
import { MAX_INSTANCES, instancePort } from './ports.mjs';
import { serviceEnv } from './service-env.mjs';
import { isAlive, tailFile } from './supervisor.mjs';

/** How long the old nginx workers may take to finish what they were sending to an instance taken out. */
const GATEWAY_SETTLE_MS = 5000;
/** What a roll waits after a reload while old workers stay (for their open WebSockets): see reloadNginx. */
export const ROLL_IN_FLIGHT_MS = 1000;
/**
 * How long a new instance has to answer its health check, as a deployment's progress deadline: one beside a
 * loaded two-core machine's whole test suite once took over 45 s (run DA).
 */
const READY_DEADLINE_MS = 120_000;
/**
 * A new instance that exits this many times in a row is broken, not slow: the roll stops there. Five starts
 * (the supervisor's backoff: 0.1 s doubling) take a broken artifact a few seconds, and outlast a database that
 * does not answer for a minute (a start gives up after 12 s of that; a hung FerretDB is killed after 20 s).
 */
const CRASHES_TO_GIVE_UP = 5;

/**
 * @typedef {{ supervisor: import('./supervisor.mjs').Supervisor, profile: string, ports: any, infra: any,
 *   secrets: any, dirs: any, publicUrl: string, running: Record<string, Array<{ name: string, port: number }>>,
 *   reloadGateway: () => Promise<void>, saveStack: () => void }} RollContext
 *   running: what runs now (stack.json's lists), changed in place as instances come and go;
 *   reloadGateway: writes the nginx config from `running` and reloads nginx; saveStack: rewrites stack.json
 */

/**
 * @param {RollContext} ctx
 * @param {{ service: string, artifactDir: string }} request
 * @param {(line: string) => void} say  progress, one line at a time
 * @returns {Promise<Array<{ name: string, port: number }>>} the instances that now run
 */
export async function rollService(ctx, { service, artifactDir }, say) {
  const current = ctx.running[service];
  if (!current?.length) throw new LauncherError(`${service} is not running in this stack`);
  if (!existsSync(path.join(artifactDir, 'main.js'))) throw new LauncherError(`no artifact in ${artifactDir} (npm run package -w @turnbook/${service})`);
  const release = copyRelease(artifactDir, ctx.dirs.run, service);
  say(`release ${path.basename(release)} (${versionOf(release)})`);
  const basePort = ctx.ports.services[service];
  // The instance on the service's own port goes first: the other services call that port directly
  // (SCHEDULING_URL, IDENTITY_URL), so it is free again, for a new instance, as early as possible.
  const olds = [...current].sort((a, b) => Number(b.port === basePort) - Number(a.port === basePort));
  const onOwnPort = specOf(ctx, olds.find((i) => i.port === basePort));
  try {
    for (const old of olds) await replace(ctx, service, old, await startFromRelease(ctx, service, release), say);
    // A single instance's new one had to start on another port: a last swap puts one back on the own port.
    if (!ctx.running[service].some((i) => i.port === basePort)) {
      const spare = ctx.running[service].find((i) => i.port !== basePort);
      await replace(ctx, service, spare, await startFromRelease(ctx, service, release, basePort), say);
    }
  } catch (err) {
    // The others would find nothing on the own port until the next deploy: what ran there before goes back.
    if (onOwnPort && !ctx.running[service].some((i) => i.port === basePort)) {
      await restore(ctx, service, onOwnPort, basePort, say).catch((again) => say(`${onOwnPort.name} did not start again either: ${again.message}`));
    }
    throw err;
  }
  pruneReleases(ctx, service);
  return ctx.running[service];
}

/** How an instance was started (command, folder, environment), to start the same again. */
function specOf(ctx, instance) {
  const entry = instance && ctx.supervisor.children.find((c) => c.name === instance.name && !c.stopRequested);
  return entry && { name: entry.name, cmd: entry.cmd, args: entry.args, env: entry.env, cwd: entry.cwd };
}

/** A failed roll's last step: the own port's previous instance started again, as it was, and put back in the gateway. */
async function restore(ctx, service, spec, port, say) {
  say(`the roll failed: ${spec.name} starts again from what it ran before, on :${port}`);
  const entry = await startKept(ctx, spec.name, spec.cmd, spec.args, { env: spec.env, cwd: spec.cwd }, port);
  ctx.running[service] = [...ctx.running[service], { name: entry.name, port }].sort((a, b) => a.port - b.port);
  await publish(ctx, service, say);
}

/** The service's earlier releases that no instance runs from any more are removed (each holds its node_modules). */
function pruneReleases(ctx, service) {
  const releases = path.join(ctx.dirs.run, 'releases');
  const inUse = new Set(ctx.supervisor.children.filter((c) => !c.exited).map((c) => c.cwd));
  for (const name of readdirSync(releases)) {
    const dir = path.join(releases, name);
    if (name.startsWith(`${service}-`) && !inUse.has(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

/** `fresh` (started, healthy) into the gateway in place of `old`, then `old` drained and stopped for good. */
async function replace(ctx, service, old, fresh, say) {
  say(`${fresh.name} ready on :${fresh.port}`);
  ctx.running[service] = [...ctx.running[service].filter((i) => i !== old), fresh].sort((a, b) => a.port - b.port);
  await publish(ctx, service, say);
  const entry = ctx.supervisor.children.find((c) => c.name === old.name && !c.stopRequested);
  if (entry) {
    await stopForGood(ctx, entry); // SIGTERM: the service drains (service-kit's runService)
  }
  say(`${old.name} drained and stopped${entry && entry.code !== 0 ? ` (exit ${entry.code ?? entry.signal})` : ''}`);
}

/** `running` as it is now into the gateway's config (nginx reloaded) and stack.json. */
async function publish(ctx, service, say) {
  await ctx.reloadGateway();
  ctx.saveStack();
  say(`gateway: ${service} -> ${ctx.running[service].map((i) => `:${i.port}`).join(' ')}`);
}

/** A child stopped and taken off the supervisor's list: never restarted, not in pids.json. */
async function stopForGood(ctx, entry) {
  await ctx.supervisor.stopOne(entry);
  ctx.supervisor.children.splice(ctx.supervisor.children.indexOf(entry), 1);
  ctx.supervisor.savePids();
}

/** The artifact is copied first: packaging again while it runs must not change the files under it. */
function copyRelease(artifactDir, runDir, service) {
  const releases = path.join(runDir, 'releases');
  mkdirSync(releases, { recursive: true });
  const taken = new Set(readdirSync(releases));
  let n = 1;
  while (taken.has(`${service}-${n}`)) n += 1;
  const release = path.join(releases, `${service}-${n}`);
  cpSync(artifactDir, release, { recursive: true, verbatimSymlinks: true });
  return release;
}

function versionOf(release) {
  try {
    const v = JSON.parse(readFileSync(path.join(release, 'version.json'), 'utf8'));
    return `version ${v.version}, commit ${String(v.commit).slice(0, 12)}`;
  } catch {
    return 'no version.json';
  }
}

/**
 * A new instance on the first free instance slot (the ports `--instances` uses), or on `port`; kept alive
 * once healthy. A slot whose old instance is still listed under the supervisor is not free.
 */
async function startFromRelease(ctx, service, release, port) {
  const used = new Set(Object.values(ctx.running).flat().map((i) => i.port));
  const names = new Set(ctx.supervisor.children.map((c) => c.name));
  const slots = Array.from({ length: MAX_INSTANCES }, (_, i) => ({ name: `${service}-${i + 1}`, port: instancePort(ctx.ports.services[service], i + 1) }));
  let slot;
  for (const s of slots.filter((x) => port === undefined || x.port === port)) {
    if (!used.has(s.port) && !names.has(s.name) && (await isPortFree(s.port))) { slot = s; break; }
  }
  if (!slot) throw new LauncherError(`${service}: no free instance port (at most ${MAX_INSTANCES} instances)`);
  const env = {
    ...serviceEnv({ name: service, profile: ctx.profile, ports: ctx.ports, infra: ctx.infra, secrets: ctx.secrets, stateDir: ctx.dirs.services, publicUrl: ctx.publicUrl }),
    PORT: String(slot.port),
  };
  await startKept(ctx, slot.name, process.execPath, serviceNodeArgs(release), { env, cwd: release }, slot.port);
  return slot;
}

/**
 * Starts a child under keepAlive and waits until it answers its health check. A start that fails (a database
 * that does not answer yet) is tried again after the supervisor's backoff, as a pod's container would be,
 * until READY_DEADLINE_MS; a child that keeps exiting, or is not ready by then, is stopped and the roll fails.
 */
async function startKept(ctx, name, cmd, args, opts, port) {
  // The name's last instance (stopped earlier in this roll or a previous one) keeps its log, as a rotated one.
  const logFile = path.join(ctx.supervisor.logDir, `${name}.log`);
  if (existsSync(logFile)) renameSync(logFile, `${logFile}.1`);
  const entry = ctx.supervisor.start(name, cmd, args, opts);
  ctx.supervisor.keepAlive(entry);
  const result = await waitFor({
    check: httpCheck(`http://127.0.0.1:${port}/health`),
    timeoutMs: READY_DEADLINE_MS,
    exited: () => entry.crashesInARow >= CRASHES_TO_GIVE_UP,
  });
  if (result === 'ready') return entry;
  const why = result === 'exited'
    ? `exited ${entry.crashesInARow} times in a row (last: code ${entry.code ?? entry.signal})`
    : `was not ready after ${READY_DEADLINE_MS / 1000}s`;
  await stopForGood(ctx, entry);
  throw new LauncherError(`${name} ${why}. Last lines of ${entry.logFile}:\n${tailFile(entry.logFile)}`);
}

/**
 * nginx's reload: SIGHUP to the master, which starts workers on the new config and lets the old ones finish
 * their requests. Resolves once the old workers are gone, or after `settleMs` (a worker that still holds an
 * open WebSocket stays until it closes, but sends nothing new upstream).
 * `inFlightMs` (a roll): resolve that long after the new workers are up even while old ones stay. An old
 * worker takes no new request, so what it can still send to an instance taken out is what it had already
 * read, which is on its way within milliseconds; and the instance drains what reached it. Without this a
 * roll under open sockets (every page's /realtime) waited the whole `settleMs` at each reload.
 * @param {number} masterPid
 * @param {{ settleMs?: number, inFlightMs?: number }} [o]
 */
export async function reloadNginx(masterPid, { settleMs = GATEWAY_SETTLE_MS, inFlightMs } = {}) {
  const before = workersOf(masterPid);
  process.kill(masterPid, 'SIGHUP');
  const deadline = Date.now() + settleMs;
  let replacedAt;
  const oldGone = () => before.every((pid) => !isAlive(pid));
  const inFlightOver = () => inFlightMs !== undefined && Date.now() - replacedAt >= inFlightMs;
  while (Date.now() < deadline) {
    if (replacedAt === undefined && workersOf(masterPid).some((pid) => !before.includes(pid))) replacedAt = Date.now();
    if (replacedAt !== undefined && (oldGone() || inFlightOver())) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!workersOf(masterPid).some((pid) => !before.includes(pid))) {
    throw new LauncherError('nginx did not start workers on the new config (see its error log)');
  }
}

/** The worker pids of an nginx master (children in /proc). */
function workersOf(masterPid) {
  const pids = [];
  for (const dir of readdirSync('/proc')) {
    if (!/^\d+$/.test(dir)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis
      const stat = readFileSync(`/proc/${dir}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === masterPid) pids.push(Number(dir));
    } catch { /* gone meanwhile */ }
  }
  return pids;
}
