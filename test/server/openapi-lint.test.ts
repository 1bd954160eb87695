/**
 * The published OpenAPI document lints clean with the Redocly CLI (the tool API consumers run
 * before generating a client), under the project's redocly.yaml (the recommended ruleset):
 * no error and no warning. The document linted is the one the running app serves.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp } from '../helpers/test-app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDOCLY = path.join(ROOT, 'node_modules/.bin/redocly');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** Runs `redocly lint` on a file and returns its JSON report (the CLI exits 1 on errors). */
async function redoclyLint(file: string): Promise<LintReport> {
  const args = ['lint', file, '--format=json', '--config', path.join(ROOT, 'redocly.yaml')];
  try {
    const { stdout } = await promisify(execFile)(REDOCLY, args, {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
      // Offline and quiet: no usage data, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    });
    return JSON.parse(stdout) as LintReport;
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout ?? '';
    if (!stdout.trim().startsWith('{')) throw err;
    return JSON.parse(stdout) as LintReport;
  }
}

const summary = (r: LintReport): string[] => r.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

test('the served /docs/schema.json lints clean with the Redocly recommended ruleset', async () => {
  const app = await startTestApp();
  try {
    const res = await app.call('GET', '/docs/schema.json');
    assert.is(res.status, 200);
    const file = path.join(app.dataDir, 'schema.json');
    fs.writeFileSync(file, res.text);
    const report = await redoclyLint(file);
    assert.equal(summary(report), [], 'fix each problem in the route declarations or server/http/openapi.ts');
    assert.equal(report.totals, { errors: 0, warnings: 0, ignored: 0 });
  } finally {
    await app.close();
  }
});

test('the lint check bites: a public operation without security and a schema requiring an undefined property fail', async () => {
  const app = await startTestApp();
  try {
    const doc = (await app.call('GET', '/docs/schema.json')).body as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    };
    const health = doc.paths['/healthz']!.get!;
    delete health.security;
    health.responses['200'] = {
      description: 'Success',
      content: { 'application/json': { schema: { type: 'object', required: ['nowhere'], properties: {} } } },
    };
    const file = path.join(app.dataDir, 'broken.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const rules = new Set((await redoclyLint(file)).problems.map((p) => p.ruleId));
    assert.ok(rules.has('security-defined'), [...rules].join(', '));
    assert.ok(rules.has('no-required-schema-properties-undefined'), [...rules].join(', '));
  } finally {
    await app.close();
  }
});

test.run();
