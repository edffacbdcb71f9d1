import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Rate-limit counters must be shared by every instance of a service (behind the gateway a client's next
// request may reach another one), so they live in the database. An in-memory limiter would let a client
// multiply its allowance by the number of instances and lose its counts on every restart. (The public
// reads' SyncedWindowCounts keeps only a bounded share unshared between syncs: docs/decisions.md.)
const SERVICES = path.resolve(__dirname, '../../../services');
const IN_MEMORY = [
  /\bRateLimiterMemory\b/,
  /\bRateLimiterCluster(MasterPM2)?\b/,
  /\bBurstyRateLimiter\b.*\bMemory\b/,
  /from ['"]express-rate-limit['"]/, // its default store is per process
  /\bMemoryStore\b/,
  /\bLRUCache\b.*\b(limit|attempt)/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return /\.ts$/.test(name) && !/\.test\.ts$|test-helper|\/test\//.test(full) ? [full] : [];
  });
}

describe('rate limiters', () => {
  const files = readdirSync(SERVICES).flatMap((svc) => {
    const src = path.join(SERVICES, svc, 'src');
    return statSync(src, { throwIfNoEntry: false })?.isDirectory() ? sourceFiles(src) : [];
  });

  it('when a service limits requests, then no limiter keeps its counters in process memory', () => {
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return IN_MEMORY.filter((re) => re.test(text)).map((re) => `${path.relative(SERVICES, f)}: ${re}`);
    });
    expect(offenders).toEqual([]);
  });

  it('when rate-limiter-flexible is used, then only with a database store', () => {
    const uses = files.filter((f) => /from ['"]rate-limiter-flexible['"]/.test(readFileSync(f, 'utf8')));
    for (const f of uses) {
      const imported = /import\s*\{([^}]*)\}\s*from ['"]rate-limiter-flexible['"]/.exec(readFileSync(f, 'utf8'))?.[1] ?? '';
      const limiters = imported.split(',').map((s) => s.trim().replace(/^type\s+/, '')).filter((s) => /^RateLimiter/.test(s) && s !== 'RateLimiterRes');
      expect([path.relative(SERVICES, f), limiters.filter((l) => !/^RateLimiter(Mongo|Postgres|Redis)$/.test(l))]).toEqual([path.relative(SERVICES, f), []]);
    }
  });
});
