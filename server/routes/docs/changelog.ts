import fs from 'node:fs';

/** One dated section of CHANGELOG.md. */
export interface ChangelogEntry {
  date: string;
  title: string;
  changes: string[];
}

/**
 * A section heading and its date: `## YYYY-MM-DD — title`, or `## Unreleased — title (… date …)`,
 * the date the session that wrote it carries in its parentheses. A session over two days
 * (`2026-11-29/30`) is dated by its last day, when its last changes landed. Null for any other
 * heading: the test of CHANGELOG.md requires every section to be dated.
 */
export function changelogHeading(line: string): { date: string; title: string } | null {
  const dated = /^##\s+(\d{4}-\d{2}-\d{2})\s*[—–-]?\s*(.*)$/.exec(line);
  if (dated) return { date: dated[1] as string, title: (dated[2] as string).trim() };
  const unreleased = /^##\s+Unreleased\s*[—–-]\s*(.*)$/.exec(line);
  if (!unreleased) return null;
  const title = (unreleased[1] as string).trim();
  const dates = [...title.matchAll(/(\d{4})-(\d{2})-(\d{2})(?:\/(\d{2}))?/g)];
  const last = dates[dates.length - 1];
  if (!last) return null;
  if (!last[4]) return { date: `${last[1]}-${last[2]}-${last[3]}`, title };
  // A span's last day ("2026-11-29/30"), in the next month when it is earlier ("2026-11-30/01").
  const start = new Date(`${last[1]}-${last[2]}-${last[3]}T00:00:00Z`);
  const end = new Date(start);
  end.setUTCDate(Number(last[4]));
  if (end < start) end.setUTCMonth(end.getUTCMonth() + 1, Number(last[4]));
  return { date: end.toISOString().slice(0, 10), title };
}

/** Parses the dated sections (see {@link changelogHeading}) and their `- ` bullets. */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let current: ChangelogEntry | null = null;
  for (const line of markdown.split('\n')) {
    if (/^##\s/.test(line)) {
      const heading = changelogHeading(line);
      current = heading ? { ...heading, changes: [] } : null;
      if (current) entries.push(current);
      continue;
    }
    const bullet = /^[-*]\s+(.*)$/.exec(line);
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
