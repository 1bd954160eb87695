import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte server secret named `name`, kept in `DATA_DIR/secrets/<name>` (mode 0600) so it
 * survives restarts: created on first use, read afterwards. Used for CSRF tokens, cookie
 * signing and signed download links. Deleting the file invalidates what it signed.
 */
export function loadSecret(dataDir: string, name: string): Buffer {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad secret name ${name}`);
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    const existing = fs.readFileSync(file);
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = crypto.randomBytes(32);
  // `wx`: when two processes race, one writes and the other reads what it wrote.
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file);
    throw err;
  }
}
