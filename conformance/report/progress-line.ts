// Progress on long runs, in a terminal: one live line (operations done of total, requests, writes
// left, failures so far, elapsed), redrawn in place, with each failure printed above it as found.
// In CI, in a pipe and with --quiet the CLI keeps its plain lines instead.
import type { LiveStatus } from '../run-options.js';

const REDRAW_MS = 200;
const CLEAR = '\r\x1b[2K';

export interface ProgressLine {
  /** Starts redrawing from the run's live counts. */
  follow(live: () => LiveStatus): void;
  /** A line that stays (a failure), printed above the live one. */
  print(line: string): void;
  stop(): void;
}

export function describeStatus(status: LiveStatus): string {
  const writesLeft = Math.max(0, status.maxWrites - status.writes);
  return [
    `${status.operationsDone}/${status.operations} operations`,
    `${status.requests} requests`,
    `${writesLeft} writes left`,
    `${status.failures} failure(s)`,
    `${(status.elapsedMs / 1000).toFixed(1)} s`,
  ].join(' · ');
}

export function progressLine(stream: NodeJS.WriteStream): ProgressLine {
  let live: (() => LiveStatus) | undefined;
  let timer: NodeJS.Timeout | undefined;
  // Cut to the terminal's width: a wrapped line cannot be redrawn in place.
  const draw = (): void => {
    if (!live) return;
    const width = Math.max(20, (stream.columns || 80) - 1);
    stream.write(`${CLEAR}… ${describeStatus(live())}`.slice(0, width + CLEAR.length));
  };
  return {
    follow(reader) {
      live = reader;
      draw();
      timer = setInterval(draw, REDRAW_MS);
      timer.unref();
    },
    print(line) {
      stream.write(`${CLEAR}${line}\n`);
      draw();
    },
    stop() {
      if (timer) clearInterval(timer);
      if (live) stream.write(CLEAR);
      live = undefined;
    },
  };
}
