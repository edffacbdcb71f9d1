// Finds an executable on PATH or in the sbin folders (Debian puts nats-server and nginx in /usr/sbin,
// which is not on a normal user's PATH).
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const EXTRA_DIRS = ['/usr/sbin', '/usr/local/sbin', '/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/go/bin'];

export function findBinary(name) {
  const dirs = [...(process.env.PATH || '').split(path.delimiter), ...EXTRA_DIRS];
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
