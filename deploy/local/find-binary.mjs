// Finds an executable on PATH or in the sbin folders (Debian puts nats-server and nginx in /usr/sbin,
// which is not on a normal user's PATH; PostgreSQL's server programs in a versioned folder).
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';

const EXTRA_DIRS = ['/usr/sbin', '/usr/local/sbin', '/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/go/bin'];

/** Debian keeps PostgreSQL's server programs (initdb, postgres) in /usr/lib/postgresql/<major>/bin: newest first. */
function postgresDirs(root = '/usr/lib/postgresql') {
  try {
    return readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)).map((v) => path.join(root, v, 'bin'));
  } catch {
    return [];
  }
}

export function findBinary(name) {
  const dirs = [...(process.env.PATH || '').split(path.delimiter), ...EXTRA_DIRS, ...postgresDirs()];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
