import { getHeapStatistics } from 'node:v8';
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
  /** Where the render threads' heaps are known (the pool's `threadHeaps`): the peak is then given by thread. */
  watchThreads(heaps: () => readonly number[]): void;
  /**
   * Stop sampling; the build's peak memory (main thread and workers) in MB, with what held it, and the CPU time its
   * process used on every thread (JavaScript, V8's compiler and GC helpers, libuv), from the OS, in ms; and of that,
   * the time the kernel spent on the process's behalf (system calls: making folders and files above all).
   */
  end(): { wallMs: number; peakRssMb: number; peakMemory: PeakMemory; cpuMs: number; systemCpuMs: number };
}

/**
 * The process's memory at its highest sample, and what held it then: V8's heap of the main thread and of each
 * render thread (committed: what each costs the process, garbage not yet collected included), and the rest (the
 * search thread's heap, native memory: malloc's arenas, buffers, the threads' stacks, Node's own code). A render
 * thread's figure is as of its last batch of pages, a few milliseconds before the sample; none once the threads have
 * ended (a build's last stages). In MB.
 */
export interface PeakMemory {
  rssMb: number;
  mainHeapMb: number;
  renderHeapsMb: number[];
  restMb: number;
}

/** What held the peak, in words: V8's heaps by thread, and the rest. */
export function describePeak(peak: PeakMemory): string {
  const render = peak.renderHeapsMb.length ? `, the render threads' ${peak.renderHeapsMb.join(' + ')} MB` : '';
  return `the main thread's heap ${peak.mainHeapMb} MB${render}, the rest ${peak.restMb} MB (native memory, Node itself)`;
}

/** How often the process's memory is sampled. */
const SAMPLE_MS = 200;

export function createSession(options: { logger: Logger; verbose?: boolean; tty?: boolean }): Session {
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const stages: Record<string, number> = {};
  let warnings = 0;
  let threadHeaps: () => readonly number[] = () => [];
  const measure = (rss: number) => ({ rss, main: getHeapStatistics().total_heap_size, render: [...threadHeaps()] });
  let peak = measure(process.memoryUsage.rss());
  const sample = () => {
    const rss = process.memoryUsage.rss();
    if (rss > peak.rss) peak = measure(rss);
  };
  const sampler = setInterval(sample, SAMPLE_MS);
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
    watchThreads(heaps) {
      threadHeaps = heaps;
    },
    end() {
      clearInterval(sampler);
      sample();
      const used = process.cpuUsage(cpuAtStart);
      const render = peak.render.map(mb);
      const main = mb(peak.main);
      const rssMb = mb(peak.rss);
      return {
        wallMs: Math.round(performance.now() - started),
        peakRssMb: rssMb,
        peakMemory: {
          rssMb,
          mainHeapMb: main,
          renderHeapsMb: render,
          restMb: rssMb - main - render.reduce((sum, heap) => sum + heap, 0),
        },
        cpuMs: Math.round((used.user + used.system) / 1000),
        systemCpuMs: Math.round(used.system / 1000),
      };
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 1048576);
