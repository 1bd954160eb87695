/** Help text of `proxima`; printed on `--help` and, on stderr with exit 2, for bad arguments. */
export const USAGE = `Usage: proxima <command> [options]

Commands:
  serve                                         Serve the API (what npm start runs)
  accounts create --tier TIER [--email E] [--name N] [--profile USER_ID]
  accounts set-tier USER_ID TIER
  keys create --user USER_ID --scopes a,b,c|all [--name N]
  keys list --user USER_ID
  keys revoke KEY_ID
  delegates add --owner USER_ID --delegate USER_ID
  delegates remove --owner USER_ID --delegate USER_ID
  delegates list --owner USER_ID
  index PATH... [--kind KIND] [--swap] [--resume] [--batch-size N] [--rejects FILE] [--progress bar|lines|none]
                                                Load JSONL/NDJSON(.gz) snapshots (kinds: companies, profiles,
                                                jobs, posts, connections); exit 3 when records were rejected
  fixtures generate --profiles N [--seed S] --out DIR [--no-gzip]
                                                Write a synthetic corpus (one JSONL.gz file per kind)

Options:
  --json    Print machine-readable JSON (one document on stdout)
  --help    Show this help

Tiers: free, starter, starter_annual, pro, annual, team
Every command uses DATA_DIR (default ./data).
Exit codes: 0 ok, 1 failed, 2 bad arguments, 3 (index) finished with rejected records.
`;

/** Bad command-line arguments: usage is printed and the exit code is 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
