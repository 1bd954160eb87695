import cliProgress from 'cli-progress';

export interface ProgressState {
  kind: string;
  file: string;
  read: number;
  indexed: number;
  rejected: number;
  bytesRead: number;
  totalBytes: number;
  startedAt: number;
}

/** The progress of a file about to be read: nothing read yet, started now. */
export function startState(kind: string, file: string, totalBytes: number): ProgressState {
  return { kind, file, read: 0, indexed: 0, rejected: 0, bytesRead: 0, totalBytes, startedAt: Date.now() };
}

/** Reports a run's progress: a bar with rate and ETA on a terminal, periodic lines otherwise. */
export interface ProgressReporter {
  start(state: ProgressState): void;
  update(state: ProgressState): void;
  stop(state: ProgressState): void;
}

const rate = (s: ProgressState): number => Math.round(s.read / Math.max(0.001, (Date.now() - s.startedAt) / 1000));

/** A progress bar on stderr (cli-progress), driven by bytes read so its ETA is honest. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  let bar: cliProgress.SingleBar | null = null;
  const payload = (s: ProgressState) => ({ kind: s.kind.padEnd(11), read: s.read, rejected: s.rejected, rate: rate(s) });
  return {
    start(s) {
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: '{kind} |{bar}| {percentage}% | {read} records | {rate}/s | {rejected} rejected | ETA {eta_formatted}',
          hideCursor: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(Math.max(1, s.totalBytes), 0, payload(s));
    },
    update(s) {
      bar?.update(s.bytesRead, payload(s));
    },
    stop(s) {
      bar?.update(Math.max(1, s.totalBytes), payload(s));
      bar?.stop();
    },
  };
}

/** Plain lines every `everyMs` (logs, CI, pipes). */
export function lineProgress(write: (line: string) => void, everyMs = 5000): ProgressReporter {
  let last = 0;
  const line = (s: ProgressState, prefix: string) => {
    const pct = s.totalBytes ? Math.min(100, Math.round((100 * s.bytesRead) / s.totalBytes)) : 0;
    write(`${prefix} ${s.kind}: ${s.read} read, ${s.indexed} indexed, ${s.rejected} rejected, ${rate(s)}/s, ${pct}% of ${s.file}\n`);
  };
  return {
    start(s) {
      last = Date.now();
      write(`indexing ${s.kind} from ${s.file}\n`);
    },
    update(s) {
      if (Date.now() - last < everyMs) return;
      last = Date.now();
      line(s, '..');
    },
    stop(s) {
      line(s, 'done');
    },
  };
}

export const silentProgress: ProgressReporter = { start() {}, update() {}, stop() {} };
