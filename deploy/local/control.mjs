// The running launcher's control channel: HTTP on a Unix socket, <run>/control.sock (only this machine's
// accounts that can enter the run dir reach it). One request today:
//
//   POST /roll  {"service": "scheduling", "artifactDir": "/abs/dist-artifact/scheduling"}
//     answers text/plain, one progress line at a time, the last line `done: <instances>` or `error: <why>`.
//
// One roll per service at a time: a second roll of a service whose roll still runs is answered 409. Rolls of
// different services run side by side (teams ship their areas alone, sometimes the same hour); their
// gateway reloads take turns (roll-control.mjs).
import { existsSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const controlSocketOf = (runDir) => path.join(runDir, 'control.sock');

/**
 * @param {{ runDir: string, roll: (request: { service: string, artifactDir: string }, say: (line: string) => void) => Promise<unknown> }} o
 * @returns {Promise<import('node:http').Server>}
 */
export async function startControl({ runDir, roll }) {
  const socket = controlSocketOf(runDir);
  if (existsSync(socket)) unlinkSync(socket); // left by a launcher that was killed
  /** The services whose roll runs now. */
  const rolling = new Set();
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/roll') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('error: POST /roll is the only request\n');
      return;
    }
    let request;
    try {
      request = JSON.parse(await readBody(req));
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('error: the body is not JSON\n');
      return;
    }
    if (typeof request?.service !== 'string' || typeof request?.artifactDir !== 'string') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('error: {"service", "artifactDir"} expected\n');
      return;
    }
    if (rolling.has(request.service)) {
      res.writeHead(409, { 'content-type': 'text/plain' }).end(`error: a roll of ${request.service} is already running\n`);
      return;
    }
    rolling.add(request.service);
    res.writeHead(200, { 'content-type': 'text/plain' });
    const say = (line) => {
      console.log(`  roll ${request.service}: ${line}`);
      res.write(`${line}\n`);
    };
    try {
      const now = await roll(request, say);
      res.end(`done: ${JSON.stringify(now)}\n`);
    } catch (err) {
      console.error(`  roll ${request.service} failed: ${err.message}`);
      res.end(`error: ${err.message}\n`);
    } finally {
      rolling.delete(request.service);
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  server.unref(); // never what keeps the launcher alive
  return server;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c) => { body += c; }).on('end', () => resolve(body)).on('error', reject);
  });
}

/**
 * Asks the launcher of `runDir` to roll; `onLine` sees each progress line.
 * @returns {Promise<{ ok: boolean, last: string }>}
 */
export function requestRoll(runDir, request, onLine = () => {}) {
  const socketPath = controlSocketOf(runDir);
  if (!existsSync(socketPath)) return Promise.reject(new Error(`no launcher listens on ${socketPath}: is the stack running (npm start)?`));
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: '/roll', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let pending = '';
      let last = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop();
        for (const line of lines) { last = line; onLine(line); }
      });
      res.on('end', () => {
        if (pending) { last = pending; onLine(pending); }
        resolve({ ok: res.statusCode === 200 && last.startsWith('done:'), last });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(request));
  });
}
