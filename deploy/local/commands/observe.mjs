// `npm run observe`: each running service instance's /metrics (service-kit), read on its own port with the
// internal token and printed as a short summary. Reads the stack the launcher wrote (<run>/stack.json).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LauncherError, bold, dim } from '../log.mjs';
import { formatSummary, parseSamples, summarize } from '../metrics-summary.mjs';
import { profileDirs } from '../paths.mjs';

/** The stack to read: --dir's, else the newest of the dev stack's (`npm start`) and the test stack's (`npm test`). */
export function findStackFile(dir) {
  const candidates = dir ? [path.resolve(dir, 'stack.json')] : ['dev', 'test'].map((p) => path.join(profileDirs(p).run, 'stack.json'));
  // A stopped stack leaves its file behind: the one written last is the one running, if any.
  const found = candidates.filter((f) => existsSync(f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!found) throw new LauncherError(`no running stack found (${candidates.join(', ')}): start one with npm start`);
  return found;
}

/** The internal token /metrics asks for: INTERNAL_TOKEN, else the profile's secrets beside the run dir. */
function internalToken(stack) {
  if (process.env.INTERNAL_TOKEN) return process.env.INTERNAL_TOKEN;
  const file = path.join(path.dirname(stack.runDir), 'secrets.json');
  if (!existsSync(file)) throw new LauncherError(`no secrets at ${file}: set INTERNAL_TOKEN`);
  return JSON.parse(readFileSync(file, 'utf8')).internalToken;
}

async function scrape(url, token) {
  try {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) return { error: `/metrics answered ${res.status}` };
    return { text: await res.text() };
  } catch (err) {
    return { error: `not answering (${err.cause?.code ?? err.message})` };
  }
}

/** Prints (and returns) one summary per instance of stack.json, in its order. */
export async function observe({ dir, top = 5, print = console.log } = {}) {
  const stackFile = findStackFile(dir);
  const stack = JSON.parse(readFileSync(stackFile, 'utf8'));
  const token = internalToken(stack);
  const instances = Object.entries(stack.services).flatMap(([name, list]) => list.map((i, n) => ({ name, n: n + 1, url: i.url ?? `http://127.0.0.1:${i.port}` })));
  const scraped = await Promise.all(instances.map(async (i) => ({ ...i, ...(await scrape(i.url, token)) })));
  print(dim(`${stackFile} (gateway ${stack.gatewayUrl})`));
  const out = [];
  for (const i of scraped) {
    const title = bold(`${i.name} #${i.n}`) + dim(` ${i.url}`);
    const text = i.error ? `${title}\n  ${i.error}` : formatSummary(title, summarize(parseSamples(i.text), { top }));
    out.push(text);
    print(text);
  }
  return out;
}
