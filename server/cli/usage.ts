/** One `proxima` command as its help shows it. */
interface CommandHelp {
  /** `group verb` (or just `group`), as typed. */
  name: string;
  /** Arguments and options after the name, as on the usage line. */
  synopsis: string;
  /** One-line description for the overview (omitted there when empty). */
  summary: string;
  /** What `proxima <name> --help` adds below its usage line. */
  details: string;
}

const COMMANDS: CommandHelp[] = [
  {
    name: 'serve',
    synopsis: '',
    summary: 'Serve the API (what npm start runs)',
    details: 'Serves the API on HOST:PORT (see the README, "Environment") until SIGINT or SIGTERM.',
  },
  {
    name: 'accounts create',
    synopsis: '--tier TIER [--email E] [--name N] [--profile USER_ID]',
    summary: '',
    details: 'Creates a user account on a tier and prints its user id.',
  },
  { name: 'accounts set-tier', synopsis: 'USER_ID TIER', summary: '', details: 'Moves a user to another tier.' },
  {
    name: 'keys create',
    synopsis: '--user USER_ID --scopes a,b,c|all [--name N]',
    summary: '',
    details: 'Creates an API key for a user; the secret is printed only this once.',
  },
  { name: 'keys list', synopsis: '--user USER_ID', summary: '', details: "Lists a user's API keys (never their secrets)." },
  { name: 'keys revoke', synopsis: 'KEY_ID', summary: '', details: 'Revokes an API key.' },
  {
    name: 'delegates add',
    synopsis: '--owner USER_ID --delegate USER_ID',
    summary: '',
    details:
      "Lets the owner's keys act for the delegate (delegate_user_id), in force at once: an operator grants for both sides. Puts a request the owner made through the connector in force.",
  },
  {
    name: 'delegates remove',
    synopsis: '--owner USER_ID --delegate USER_ID',
    summary: '',
    details: "Ends the grant, pending or in force: the owner's keys no longer act for the delegate.",
  },
  {
    name: 'delegates list',
    synopsis: '--owner USER_ID',
    summary: '',
    details: "Lists the owner's delegate grants, each active or pending the delegate's acceptance.",
  },
  {
    name: 'index',
    synopsis:
      'PATH... [--kind KIND] [--swap] [--resume] [--batch-size N] [--workers N] [--max-line-bytes N] [--rejects FILE] [--progress bar|lines|none] [--no-signals]',
    summary:
      'Load JSONL/NDJSON(.gz) snapshot files or directories of them\n(kinds: companies, profiles, jobs, posts, connections);\nexit 3 when records were rejected',
    details: `Each PATH is a snapshot file or a directory: a directory stands for the *.jsonl, *.ndjson,
*.jsonl.gz and *.ndjson.gz files directly inside it (other files, such as manifest.json, are
ignored; a directory with none is an error). A file's kind comes from its name
(profiles.jsonl.gz, company-2026.ndjson) unless --kind is given. Files are loaded in dependency
order: companies, profiles, jobs, posts, connections.

  --kind KIND          Kind of every file: companies, profiles, jobs, posts or connections
  --swap               Full reindex into new indices; swap the aliases once verified
  --no-signals         Do not record what changed for signal watchers (docs/signals.md)
  --resume             Continue an interrupted run over the same inputs
  --batch-size N       Records per bulk write (1 to 100000, default 1000)
  --workers N          Threads that parse, validate and build documents (0 to 64; default:
                       the cores up to 4; with OpenSearch on a single core, 0)
  --max-line-bytes N   Longest line read (1024 to 67108864, default 1048576, 1 MiB); a
                       longer line is refused as a whole and reading goes on after it
  --rejects FILE       Where refused records go (default DATA_DIR/rejects/rejects-<time>.jsonl)
  --progress MODE      bar, lines or none (default: bar on a terminal, else lines)

Exit codes: 0 all loaded, 3 finished with rejected records, 2 bad arguments, 1 failed.
Details: docs/indexer.md`,
  },
  {
    name: 'fixtures generate',
    synopsis: '--profiles N [--seed S] [--as-of YYYY-MM-DD] --out DIR [--no-gzip]',
    summary: 'Write a synthetic corpus (one JSONL.gz file per kind)',
    details: `Writes companies, profiles, jobs, posts and connections .jsonl.gz files (.jsonl with
--no-gzip) and a manifest.json into DIR; \`proxima index DIR\` loads them.

  --profiles N   Number of profiles (1 to 50000000)
  --seed S       Seed (default 1); the same seed and as-of write byte-identical files
  --as-of DAY    The day the corpus describes as now, YYYY-MM-DD (default: today, UTC);
                 job, post and connection dates are relative to it
  --out DIR      Directory to write
  --no-gzip      Write plain .jsonl`,
  },
];

const COLUMN = 46;

function overviewLine(c: CommandHelp): string {
  const head = `  ${c.name}${c.synopsis ? ` ${c.synopsis}` : ''}`;
  if (!c.summary) return head;
  const [first = '', ...more] = c.summary.split('\n');
  const indent = ' '.repeat(COLUMN + 2);
  const lines = head.length <= COLUMN ? [`${head.padEnd(COLUMN + 2)}${first}`] : [head, `${indent}${first}`];
  return [...lines, ...more.map((m) => `${indent}${m}`)].join('\n');
}

/** Help text of `proxima`; printed on `--help` and, on stderr with exit 2, for bad arguments. */
export const USAGE = `Usage: proxima <command> [options]

Commands:
${COMMANDS.map(overviewLine).join('\n')}

Options:
  --json    Print machine-readable JSON (one document on stdout)
  --help    Show this help (after a command: that command's help)

Tiers: free, starter, starter_annual, pro, annual, team
Every command uses DATA_DIR (default ./data).
Exit codes: 0 ok, 1 failed, 2 bad arguments, 3 (index) finished with rejected records.
`;

function usageLine(c: CommandHelp): string {
  const json = c.name === 'serve' ? '' : ' [--json]';
  return `Usage: proxima ${c.name}${c.synopsis ? ` ${c.synopsis}` : ''}${json}`;
}

/**
 * The help of the command named by the first words of `argv` (`keys create ...`, `index ...`),
 * or, for a group alone (`keys --help`), of every command in it; null when no command has that
 * name.
 */
export function commandUsage(argv: string[]): string | null {
  const [group, verb] = argv;
  const exact = COMMANDS.find((c) => c.name === `${group} ${verb}`) ?? COMMANDS.find((c) => c.name === group);
  if (exact) return `${usageLine(exact)}\n\n${exact.details}\n`;
  // `keys frobnicate --help` names no command; `keys --help` names the group.
  if (verb !== undefined && !verb.startsWith('-')) return null;
  const inGroup = COMMANDS.filter((c) => c.name.split(' ')[0] === group);
  if (inGroup.length === 0) return null;
  return `${inGroup.map(usageLine).join('\n')}\n\nRun \`proxima ${group} <command> --help\` for one command's help.\n`;
}

/** Whether `args` ask for help: `--help` or `-h` before any `--` terminator. */
export function wantsHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  const before = end === -1 ? args : args.slice(0, end);
  return before.includes('--help') || before.includes('-h');
}

/** Bad command-line arguments: usage is printed and the exit code is 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
