import type { Logger } from '../logger/logger.ts';
import { createProgress, type Progress } from './progress.ts';

/** Warnings shown without --verbose; the rest are counted and summed up. */
const MAX_WARNINGS_SHOWN = 20;

/** What a build run keeps as it goes: its warnings, how long each stage took, its peak memory. */
export interface Session {
  warn(message: string): void;
  readonly warnings: number;
  /** Run a stage, timing it under `name`. */
  stage<T>(name: string, work: () => Promise<T> | T): Promise<T>;
  readonly stages: Record<string, number>;
  progress(label: string, total: number): Progress;
  /**
   * Stop sampling; the build's peak memory (main thread and workers) in MB, and the CPU time its process used on
   * every thread (JavaScript, V8's compiler and GC helpers, libuv), from the OS, in ms; and of that, the time the
   * kernel spent on the process's behalf (system calls: making folders and files above all).
   */
  end(): { wallMs: number; peakRssMb: number; cpuMs: number; systemCpuMs: number };
}

export function createSession(options: { logger: Logger; verbose?: boolean; tty?: boolean }): Session {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const stages: Record<string, number> = {};
  let warnings = 0;
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 200);
  return {
    warn(message) {
      warnings++;
      if (options.verbose || warnings <= MAX_WARNINGS_SHOWN) options.logger.warn('build', message);
      else if (warnings === MAX_WARNINGS_SHOWN + 1)
        options.logger.warn('build', 'more warnings follow; run with --verbose to see them all');
    },
    get warnings() {
      return warnings;
    },
    async stage(name, work) {
      const t = performance.now();
      try {
        return await work();
      } finally {
        stages[name] = Math.round(performance.now() - t);
      }
    },
    stages,
    progress: (label, total) => createProgress({ label, total, logger: options.logger, tty: options.tty ?? false }),
    end() {
      clearInterval(sampler);
      const used = process.cpuUsage(cpuAtStart);
      return {
        wallMs: Math.round(performance.now() - started),
        peakRssMb: Math.round(Math.max(peakRss, process.memoryUsage.rss()) / 1048576),
        cpuMs: Math.round((used.user + used.system) / 1000),
        systemCpuMs: Math.round(used.system / 1000),
      };
    },
  };
}
