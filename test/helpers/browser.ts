import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs (apt-get install chromium). Tests never skip without it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium with a fresh profile and no background networking (this machine's network is
 * closed; Chromium's own calls home would only fail). Close it with the returned `close`.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium is not installed at ${CHROMIUM}: run apt-get install -y chromium (as .ci/run does).`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
