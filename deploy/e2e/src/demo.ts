import { readFileSync } from 'node:fs';
import path from 'node:path';

interface DemoLogin {
  role: string;
  login: string;
  password: string;
}

/** The demo logins `npm start` prints (deploy/local/demo-logins.json). */
export function demoLogin(role: string): DemoLogin {
  const all = JSON.parse(readFileSync(path.resolve(__dirname, '../../local/demo-logins.json'), 'utf8')) as DemoLogin[];
  const hit = all.find((l) => l.role === role);
  if (!hit) throw new Error(`no demo login for ${role}`);
  return hit;
}
