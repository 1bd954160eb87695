import fs from 'node:fs';

/** One dated section of CHANGELOG.md. */
export interface ChangelogEntry {
  date: string;
  title: string;
  changes: string[];
}

/** Parses `## YYYY-MM-DD title` sections and their `- ` bullets. */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(\d{4}-\d{2}-\d{2})\s*[—–-]?\s*(.*)$/.exec(line);
    if (heading) {
      entries.push({ date: heading[1] as string, title: (heading[2] as string).trim(), changes: [] });
      continue;
    }
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const current = entries[entries.length - 1];
    if (bullet && current) current.changes.push((bullet[1] as string).trim());
    else if (current && /^\s{2,}\S/.test(line) && current.changes.length > 0) {
      current.changes[current.changes.length - 1] += ` ${line.trim()}`;
    }
  }
  return entries;
}

export function readChangelog(file: URL): { markdown: string; entries: ChangelogEntry[] } {
  const markdown = fs.readFileSync(file, 'utf8');
  return { markdown, entries: parseChangelog(markdown) };
}
