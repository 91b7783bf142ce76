import type { Logger } from '../logger/logger.ts';

export interface Progress {
  tick(count?: number): void;
  /** Set the total once it is known (it may grow while work is still being planned). */
  setTotal(total: number, final: boolean): void;
  done(): void;
}

export interface ProgressOptions {
  label: string;
  total: number;
  logger: Logger;
  /** Draw a live bar (TTY) instead of a line every few seconds. */
  tty: boolean;
  stream?: NodeJS.WriteStream;
  intervalMs?: number;
}

/** Progress of a long stage: a live bar on a TTY (done/total, pages/s, ETA), otherwise a line every few seconds. */
export function createProgress(options: ProgressOptions): Progress {
  const started = performance.now();
  const stream = options.stream ?? process.stderr;
  let done = 0;
  let total = options.total;
  let final = true;
  let lastLine = started;
  let lastDraw = 0;
  const rate = () => done / Math.max(0.001, (performance.now() - started) / 1000);
  const text = () => {
    const perSecond = rate();
    const eta = perSecond > 0 ? Math.ceil((total - done) / perSecond) : 0;
    return `${done.toLocaleString('en-US')}/${final ? '' : '≥'}${total.toLocaleString('en-US')} · ${Math.round(perSecond).toLocaleString('en-US')}/s · ${final ? `ETA ${eta}s` : 'planning…'}`;
  };
  const draw = () => {
    const width = 24;
    const filled = total ? Math.min(width, Math.round((done / total) * width)) : 0;
    stream.write(`\r\x1b[2K[${options.label}] ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${text()}`);
  };
  return {
    setTotal(next, isFinal) {
      total = next;
      final = isFinal;
    },
    tick(count = 1) {
      done += count;
      const now = performance.now();
      if (options.tty) {
        if (now - lastDraw > 100) {
          lastDraw = now;
          draw();
        }
      } else if (now - lastLine >= (options.intervalMs ?? 3000)) {
        lastLine = now;
        options.logger.info(options.label, text());
      }
    },
    done() {
      if (options.tty) {
        draw();
        stream.write('\n');
      }
    },
  };
}
