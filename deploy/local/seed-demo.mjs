// Step (f): seeds the demo data once per profile (deploy/local/seed.mjs; a marker file prevents reseeding).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DIR } from './paths.mjs';
import { runCommand } from './run-command.mjs';
import { fail, info, step } from './log.mjs';

/** @returns {Promise<boolean>} false when the seed script failed */
export async function seedDemoOnce({ markerFile, env }) {
  const script = path.join(LOCAL_DIR, 'seed.mjs');
  if (!existsSync(script)) return true;
  if (existsSync(markerFile)) {
    info('demo data already seeded (npm run reset to start over)');
    return true;
  }
  step('Seeding the demo');
  const { code } = await runCommand(process.execPath, [script], { env: { ...process.env, ...env } });
  if (code !== 0) {
    fail(`seeding failed (exit ${code}); it will be retried on the next start`);
    return false;
  }
  writeFileSync(markerFile, `${new Date().toISOString()}\n`);
  return true;
}
