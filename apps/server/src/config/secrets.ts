import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the operator did not set are generated once and kept under DATA_DIR, so tokens stay
 * valid across restarts without any set-up. Production must set them explicitly (config check).
 */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const existing = secrets[name];
  if (existing) return existing;
  const created = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...secrets, [name]: created }, null, 2), { mode: 0o600 });
  return created;
}
