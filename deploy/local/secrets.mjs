// Per-profile secrets generated once (kept in .data/<profile>/secrets.json so restarts agree).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadSecrets(file) {
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  // Twilio's auth token signs its webhooks; locally it signs the simulated replies (e2e, the dev tools).
  if (kept?.twilioAuthToken) return kept;
  const secrets = {
    internalToken: randomBytes(24).toString('hex'),
    stripeWebhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
    ...kept,
    twilioAuthToken: randomBytes(16).toString('hex'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
