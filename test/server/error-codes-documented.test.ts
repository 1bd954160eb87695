import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Folders that hold no server source: dependencies, tests, generated data. */
const SKIPPED = new Set(['node_modules', 'test', 'data', 'dist', 'coverage']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') || SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Every `status code` pair the server can answer with. Every error is an AppError, so every
 * code appears as `new AppError(<status>, '<code>'`; a construction whose status or code is not
 * a literal would hide its code from this list, so it fails the test instead.
 */
function errorCodesInSource(): { codes: Set<string>; hidden: string[] } {
  const codes = new Set<string>();
  const hidden: string[] = [];
  for (const file of sourceFiles(ROOT)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, args = ''] of text.matchAll(/new AppError\(([^)]{0,80})/g)) {
      const literal = /^\s*(\d{3})\s*,\s*'([a-z][a-z0-9_]*)'/.exec(args);
      if (literal) codes.add(`${literal[1]} ${literal[2]}`);
      else hidden.push(`${path.relative(ROOT, file)}: new AppError(${args.split('\n')[0]}`);
    }
  }
  return { codes, hidden };
}

/** The `status code` pairs of the table in docs/errors.md. */
function documentedCodes(): Set<string> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/errors.md'), 'utf8');
  return new Set([...doc.matchAll(/^\|\s*(\d{3})\s*\|\s*`([a-z][a-z0-9_]*)`\s*\|/gm)].map((m) => `${m[1]} ${m[2]}`));
}

test('every AppError is built with a literal status and code, so the list below is complete', () => {
  const { codes, hidden } = errorCodesInSource();
  assert.equal(hidden, [], 'write the status and the code of each new AppError as literals');
  assert.ok(codes.size >= 15, `found only ${codes.size} codes; the scan is broken`);
});

test('docs/errors.md has a row for every status and code the server can return, and no other', () => {
  const inSource = errorCodesInSource().codes;
  const documented = documentedCodes();
  const undocumented = [...inSource].filter((c) => !documented.has(c)).sort();
  const stale = [...documented].filter((c) => !inSource.has(c)).sort();
  assert.equal(undocumented, [], 'add a row to the table in docs/errors.md for each of these');
  assert.equal(stale, [], 'docs/errors.md lists codes the server no longer returns');
});

test.run();
