import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { api, must } from '../src/api';
import { until } from '../src/demo-booking';
import { GATEWAY_URL, launch, newContext } from '../src/browser';
import { demoLogin } from '../src/demo';
import { openDayAhead } from '../src/open-days';
import { approveRequest, bookFromCalendar, calendarDayShows, demoStore, freeDateFor, kioskWalkIn, requestOnline, signInToCalendar, type DemoStore } from '../src/main-paths';
import { deployRoll, stack } from '../src/stack';

// Issue 33 item 4: areas ship alone, so for a while a salon runs the last release's modules with today's
// services, or today's modules with the last release's services. Both mixes walk the main paths through the
// gateway (sign in, calendar day, book, kiosk sign-in, online request, approve):
//   a) the last release's modules (built from its tag) published as version folders and switched to with
//      use-module-version.mjs, against the services that run; switched back after;
//   b) today's modules against the last release's services, all six rolled at once (deploy:roll with the
//      release's artifacts; each service's instances one at a time); rolled back to the services that ran
//      before, after.
// The release is built from its archive (deploy/releases/<tag>.tar.gz, a checkout without tags has it) outside
// the repository's tree (deploy/local/previous-release.mjs, kept per tag under .data/skew/, which npm test does
// not wipe: a second run only switches and rolls).

const REPO = path.resolve(__dirname, '../../..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
const PREVIOUS_RELEASE = path.join(REPO, 'deploy/local/previous-release.mjs');
const TAG = execFileSync(process.execPath, [PREVIOUS_RELEASE, '--which'], { encoding: 'utf8' }).trim();
const TODAY = git('describe', '--tags', '--always', '--dirty');
/** The release's modules are published as this version folder (mfes/<m>/dist/<version>/). */
const OLD_MODULES = TAG.replace(/^v/, '');
const MODULES = ['calendar', 'store', 'kiosk', 'booking', 'admin'];

interface Release { services: Record<string, string>; modules: Record<string, string> }

const profile = () => path.basename(path.dirname(stack().runDir));

let browser: Browser;
let release: Release;
let store: DemoStore;

beforeAll(async () => {
  browser = await launch();
  const began = Date.now();
  const out = spawnSync(process.execPath, [PREVIOUS_RELEASE, '--tag', TAG], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`building ${TAG} failed:\n${out.stdout}\n${out.stderr}`);
  console.log(`${out.stdout.trim()}\n(${((Date.now() - began) / 1000).toFixed(1)} s)`);
  release = JSON.parse(readFileSync(path.join(REPO, '.data/skew', TAG, 'built.json'), 'utf8')) as Release;
  store = await demoStore();
}, 1_200_000); // the first build of a tag: six services and five modules on two busy cores

afterAll(async () => browser?.close());

const useModule = (name: string, ...args: string[]) =>
  execFileSync(process.execPath, [path.join(REPO, 'deploy/nginx/use-module-version.mjs'), name, ...args, '--profile', profile()], { encoding: 'utf8' });
/** /mfe/remotes.json; asked again when a kept-alive connection was one the gateway's reload just closed. */
const remotes = () =>
  until('remotes.json', 10_000, async () => {
    const res = await fetch(`${GATEWAY_URL}/mfe/remotes.json`).catch(() => undefined);
    return res?.ok ? ((await res.json()) as Record<string, { version: string }>) : undefined;
  });

/** `npm run deploy:roll` of one service to an artifact made elsewhere; the roll's output (it names the release's version). */
async function rollTo(service: string, artifactDir: string): Promise<string> {
  const { code, output } = await deployRoll(service, '--artifact', artifactDir);
  if (code !== 0) throw new Error(`roll of ${service} to ${artifactDir} failed:\n${output}`);
  return output;
}

/**
 * Rolls every service at once, as teams that ship alone may (the launcher runs rolls of different services
 * side by side), each to `artifactOf(service)`; `check` reads each roll's output. A service whose roll fails
 * is rolled again up to `retries` times; what failed first is returned.
 */
async function rollAll(services: string[], artifactOf: (service: string) => string, check: (service: string, output: string, seconds: string) => void, { retries = 0 } = {}): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(services.map(async (service) => {
    for (let attempt = 0; ; attempt++) {
      const began = Date.now();
      try {
        const output = await rollTo(service, artifactOf(service));
        check(service, output, ((Date.now() - began) / 1000).toFixed(1));
        return;
      } catch (err) {
        if (attempt >= retries) throw err;
        failed.push(`${service}: ${(err as Error).message}`);
        console.log(`${service}: the roll failed, rolled again\n${(err as Error).message}`);
      }
    }
  }));
  return failed;
}

/** What the stack ran before the skew (services/<s>/dist/main.js), as an artifact to roll back to. */
function runningArtifact(service: string): string {
  const dir = path.join(stack().runDir, 'skew-rollback', service);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of ['dist/main.js', 'dist/main.js.map', 'package.json']) cpSync(path.join(REPO, 'services', service, file), path.join(dir, path.basename(file)));
  writeFileSync(path.join(dir, 'version.json'), `${JSON.stringify({ version: TODAY, commit: git('rev-parse', 'HEAD') })}\n`);
  symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** A page whose requests for module files are kept (paths under /mfe/). */
async function watchedPage(viewport: 'desktop' | 'tablet' | 'phone') {
  const ctx = await newContext(browser, viewport);
  const page = await ctx.newPage();
  const fetched: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/mfe/')) fetched.push(pathname);
  });
  return { ctx, page, fetched };
}

const suffix = () => String(Date.now() % 10_000_000).padStart(7, '0');

/**
 * The main paths, with `modules` the version folder every module page must have loaded its files from.
 * `prefix` names the screenshots.
 */
function mainPaths(prefix: string, modules: () => string) {
  const loadedFrom = (fetched: string[], name: string) => {
    const own = fetched.filter((p) => p.startsWith(`/mfe/${name}/`) && !p.startsWith(`/mfe/${name}/app/`));
    expect(own).toContain(`/mfe/${name}/${modules()}/remoteEntry.js`);
    expect(own.filter((p) => !p.startsWith(`/mfe/${name}/${modules()}/`))).toEqual([]);
  };

  it('when the owner signs in, opens a calendar day and books a new customer there, then the day shows its appointments and the booking is stored', async () => {
    const { ctx, page, fetched } = await watchedPage('desktop');
    const staff = (await must('GET', `getStaffsByStoreId/${store.id}`, undefined, store.ownerToken)).employees as Array<{ id: number; nickname: string; fname: string }>;
    const linh = staff.find((e) => /^linh$/i.test(e.nickname || e.fname))!;
    const date = openDayAhead(store.week, 22 + (Date.now() % 7));
    const n = suffix();
    const customer = (await must('POST', 'customer', { storeId: store.id, fname: `Day${n}`, lname: 'Skew', phone: `215${n}`, email: '' }, store.ownerToken)).customer;
    const services = (await must('GET', `getServicesByStoreId/${store.id}`, undefined, store.ownerToken)).services as Array<{ id: number; name: string }>;
    const manicure = services.find((x) => x.name === 'Classic Manicure')!;
    const earlier = (await must('POST', 'appointment', {
      storeId: store.id, staffId: linh.id, customerId: customer.id, serviceIds: String(manicure.id), date, start: '2:00 pm', end: '2:30 pm', note: 'skew earlier',
    }, store.ownerToken)).appointment;

    await signInToCalendar(page, prefix);
    await calendarDayShows(page, date, earlier.id, linh.id, prefix);
    const start = await bookFromCalendar(page, date, { fname: `Wiz${n}`, phone: `267${n}` }, `skew ${n}`, prefix);

    const day = (await must('GET', `getAppointmentsByStoreIdAndDate/${store.id}/${date}`, undefined, store.ownerToken)).appointments as Array<{ id: number; note: string; start: string; staffId: number }>;
    const booked = day.filter((a) => a.note === `skew ${n}`);
    expect(booked).toMatchObject([{ start, staffId: linh.id }]);
    await page.locator(`[data-col-body="${linh.id}"] [data-appointment="${booked[0].id}"]`).waitFor();
    loadedFrom(fetched, 'calendar');
    await ctx.close();
  }, 300_000);

  it("when a walk-in signs in at the front desk's Customer Sign In, then they have a sheet for today", async () => {
    const { ctx, page, fetched } = await watchedPage('tablet');
    const desk = demoLogin('store login (front desk; kiosk mode)');
    const kiosk = await must('POST', 'storeLogin', { username: desk.login, password: desk.password, mode: 'kiosk' });
    const service = ((await must('GET', `getExternalServicesByStoreId/${store.id}`, undefined, kiosk.access_token)).services as Array<{ name: string; status: string }>).find((s) => s.status !== 'OFF')!;
    const phone = `484${suffix()}`;
    await kioskWalkIn(page, phone, `skew${suffix()}`, service.name, prefix);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: store.week.timezone || 'America/New_York' }).format(new Date());
    // the thank-you page shows at once; the sheet is written behind it (30 s at most, as the page allows)
    const theirs = await until('the walk-in sheet', 30_000, async () => {
      const sheets = (await must('GET', `getSheetsByStoreId/${store.id}/${today}`, undefined, store.ownerToken)).sheets as Array<{ customer_phone: string; appointment_id: number }>;
      const found = sheets.filter((s) => s.customer_phone === phone);
      return found.length ? found : undefined;
    }, 500);
    expect(theirs).toMatchObject([{ appointment_id: expect.any(Number) }]);
    loadedFrom(fetched, 'kiosk');
    await ctx.close();
  }, 300_000);

  it('when a visitor requests a time online and the owner approves it on the calendar, then the request is approved', async () => {
    const visitor = await watchedPage('phone');
    const storeId = (await api('GET', `public_getStoreByPermalink/${store.permalink}`)).body.stores[0].id as number;
    const service = ((await api('GET', `public_getExternalServicesByStoreId/${storeId}`)).body.services as Array<{ id: number; name: string }>)[0];
    const date = await freeDateFor(store, service.id);
    const id = await requestOnline(visitor.page, date, service.name, `610${suffix()}`, prefix);
    loadedFrom(visitor.fetched, 'booking');
    await visitor.ctx.close();

    const owner = await watchedPage('desktop');
    await signInToCalendar(owner.page, `${prefix}-approve`);
    const approved = owner.page.waitForResponse((r) => r.url().includes(`/api/approveAppointment/${id}/`));
    await approveRequest(owner.page, id, prefix);
    const answer = await approved;
    expect(answer.status()).toBe(200);
    const { appointments, appointmentsNull, appointmentsOnline } = await must('GET', `getAppointmentsById/${id}`, undefined, store.ownerToken);
    expect([...appointments, ...appointmentsNull, ...appointmentsOnline].map((a: { status: string }) => a.status)).toEqual(['APPROVED']);
    loadedFrom(owner.fetched, 'calendar');
    await owner.ctx.close();
  }, 300_000);
}

/** A setup step's check (hooks hold no expect): throws with what it found. */
function ensure(ok: boolean, what: string, found: unknown) {
  if (!ok) throw new Error(`${what}: found ${JSON.stringify(found)}`);
}

describe(`modules ${TAG} with services ${TODAY}`, () => {
  let today: string;
  /** The modules published and switched to the release: what afterAll undoes, and nothing else. */
  const switched: string[] = [];
  beforeAll(async () => {
    // a release that did not build publishes nothing (and an empty version would name dist/ itself)
    ensure(Boolean(release && OLD_MODULES), 'the release is built', { TAG, built: Boolean(release) });
    today = (await remotes()).calendar.version;
    // the release's folder must not be one today's build writes (it would be replaced, then deleted)
    ensure(today !== OLD_MODULES, `today's modules are not version ${OLD_MODULES}`, today);
    for (const name of MODULES) {
      const folder = path.join(REPO, 'mfes', name, 'dist', OLD_MODULES);
      rmSync(folder, { recursive: true, force: true });
      switched.push(name);
      // the kiosk tablet's own app (dist/app) is not a federated module: it is not switched
      cpSync(release.modules[name], folder, { recursive: true, filter: (src) => path.relative(release.modules[name], src) !== 'app' });
      useModule(name, OLD_MODULES);
    }
    const now = await remotes();
    ensure(MODULES.every((m) => now[m].version === OLD_MODULES), `every module runs ${OLD_MODULES}`, now);
  }, 120_000);
  afterAll(async () => {
    if (!switched.length) return;
    for (const name of switched) {
      useModule(name, '--latest');
      rmSync(path.join(REPO, 'mfes', name, 'dist', OLD_MODULES), { recursive: true, force: true });
    }
    const now = await remotes();
    ensure(switched.every((m) => now[m].version === today), `every module runs ${today} again`, now);
  }, 120_000);

  mainPaths('skew-old-modules', () => OLD_MODULES);
});

describe(`modules ${TODAY} with services ${TAG}`, () => {
  /** The services rolled to the release: what afterAll rolls back, and nothing else. */
  const services: string[] = [];
  let modules: string;
  beforeAll(async () => {
    ensure(Boolean(release), 'the release is built', { TAG });
    modules = (await remotes()).calendar.version;
    services.push(...Object.keys(stack().services));
    await rollAll(services, (service) => release.services[service], (service, output, seconds) => {
      ensure(output.includes(`(version ${TAG}, commit`), `${service}'s roll names the release ${TAG}`, output);
      console.log(`${service} rolled to ${TAG} in ${seconds} s`);
    });
    // a token the release's identity signed (asked again: the rolls' gateway reloads closed kept-alive connections)
    store = await until('the demo store', 15_000, () => demoStore().catch(() => undefined));
  }, 900_000);
  afterAll(async () => {
    // The lane's later files need today's services: a rollback that fails (a loaded machine's slow start;
    // the roll puts the own port's last instance back, here the release's) is rolled once more.
    const retried = await rollAll(services, runningArtifact, (service, output, seconds) => {
      ensure(output.includes(`(version ${TODAY}, commit`), `${service} is rolled back to ${TODAY}`, output);
      console.log(`${service} rolled back to ${TODAY} in ${seconds} s`);
    }, { retries: 1 });
    if (retried.length) console.log(`rolled back at the second try: ${retried.length} service(s)`);
    const now = stack().services;
    for (const service of services) for (const i of now[service]) ensure((await fetch(`${i.url}/health`)).ok, `${i.name} is healthy`, i);
  }, 900_000);

  mainPaths('skew-old-services', () => modules);
});
