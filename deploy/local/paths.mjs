// Where things live: the repo, per-profile runtime data (.data/<profile>) and the machine-level cache.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCAL_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(LOCAL_DIR, '../..');
export const DATA_ROOT = path.join(REPO_ROOT, '.data');

/** Binaries we build (FerretDB wrapper, stripe-mock) are shared by every clone on this machine. */
export const CACHE_DIR = process.env.TURNBOOK_CACHE_DIR
  || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'turnbook');
export const BIN_CACHE_DIR = path.join(CACHE_DIR, 'bin');

/** Everything a profile writes at run time; `npm run reset` deletes DATA_ROOT. */
export function profileDirs(profile, root = path.join(DATA_ROOT, profile)) {
  return {
    root,
    logs: path.join(root, 'logs'),
    run: path.join(root, 'run'),
    postgres: path.join(root, 'postgres'),
    nats: path.join(root, 'nats'),
    mail: path.join(root, 'mail'),
    nginx: path.join(root, 'nginx'),
    services: path.join(root, 'services'),
    seededMarker: path.join(root, 'seeded'),
    secrets: path.join(root, 'secrets.json'),
  };
}
