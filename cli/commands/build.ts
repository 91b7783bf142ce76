import type { Command } from 'commander';
import { buildSite, type BuildSummary } from '../../src/build/index.ts';
import { describePeak } from '../../src/build/session.ts';
import { loadConfig } from '../../src/config/load.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { InvalidArgumentError } from 'commander';
import { parseChangedList, type ChangedRecord } from '../../src/webhooks/change.ts';
import { EXIT, integerIn } from '../options.ts';

function changedList(value: string): ChangedRecord[] {
  try {
    return parseChangedList(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

interface BuildFlags {
  config?: string;
  out?: string;
  concurrency?: number;
  keepGoing?: boolean;
  strict?: boolean;
  json?: boolean;
  verbose?: boolean;
  changed?: ChangedRecord[];
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('Crawl the content API and write the static site (the demo CMS when no API is configured).')
    .option('--config <file>', 'config file', 'site.config.ts')
    .option('--out <dir>', 'output folder (default: build.outDir of the config, "out")')
    .option('--concurrency <n>', 'render worker threads (default: one per core)', integerIn(1, 64))
    .option('--keep-going', 'write the pages that build even when some fail, and list the rest')
    .option('--strict', 'fail when a page links to a page the site does not have (the link check)')
    .option('--json', 'print the summary as JSON on stdout (for CI)')
    .option(
      '--changed <records>',
      'an incremental build: what changed since the output was built, e.g. article:123,event:9 (docs/build-cache.md)',
      changedList,
    )
    .option('--verbose', 'show every warning')
    .addHelpText(
      'after',
      '\nExit codes: 0 built, 1 some pages failed (the previous output is kept unless --keep-going), 2 bad usage or configuration.',
    )
    .action(async (flags: BuildFlags) => {
      const logger = createLogger({ level: flags.verbose ? 'debug' : 'info' });
      const { config, root } = await loadConfig({ file: flags.config });
      const summary = await buildSite({
        config,
        root,
        outDir: flags.out,
        concurrency: flags.concurrency,
        keepGoing: flags.keepGoing,
        strict: flags.strict,
        logger,
        tty: Boolean(process.stderr.isTTY) && !flags.json,
        verbose: flags.verbose,
        changes: flags.changed,
      });
      if (flags.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      else printSummary(summary, logger);
      process.exitCode = summary.ok ? EXIT.ok : EXIT.failed;
    });
}

function printSummary(s: BuildSummary, logger: ReturnType<typeof createLogger>): void {
  const n = (v: number) => v.toLocaleString('en-US');
  for (const f of s.failed.slice(0, 50)) logger.error('build', `${f.path} (${f.label}): ${f.message}`);
  for (const k of s.kept.slice(0, 50))
    logger.warn('build', `${k.path} (${k.label}) kept from the previous build: ${k.message}`);
  if (s.failed.length > 50) logger.error('build', `… and ${n(s.failed.length - 50)} more failures`);
  const lines = [
    ['routes', n(s.routes)],
    ['pages written', n(s.pages)],
    ['files copied', n(s.files)],
    ['skipped', n(s.skipped)],
    ['warnings', n(s.warnings)],
    ['failed', n(s.failed.length)],
    ['broken links', `${n(s.links.broken.length)} (of ${n(s.links.checked)} link targets checked)`],
    ...(s.kept.length ? [['kept', `${n(s.kept.length)} (failed now; the previous build's version is kept)`]] : []),
    ...(s.retriedPages ? [['retried pages', `${n(s.retriedPages)} (built on a second try)`]] : []),
    [
      'wall time',
      `${(s.wallMs / 1000).toFixed(1)} s (${Object.entries(s.stages)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
        .join(', ')})`,
    ],
    ...(s.incremental
      ? [
          [
            'incremental',
            'full' in s.incremental
              ? `no: a full build (${s.incremental.full})`
              : `${n(s.incremental.touched)} pages touched by the changes, ${n(s.incremental.reused)} ${reusedWords(s.incremental.reusedAs)}`,
          ],
        ]
      : []),
    ['pages/s', n(s.pagesPerSecond)],
    [
      'CPU',
      `${n(s.cpuMs)} ms, ${s.cpuMsPerPage.toFixed(2)} ms per page (every thread of the build process; the kernel's part ${n(s.systemCpuMs)} ms)`,
    ],
    [
      'peak RSS',
      `${n(s.peakRssMb)} MB${s.demoPeakRssMb !== null ? ` (demo CMS process: ${n(s.demoPeakRssMb)} MB)` : ''}`,
    ],
    ['at the peak', describePeak(s.peakMemory)],
    ['API requests', `${n(s.apiRequests)} (${n(s.apiRetries)} retried)`],
    ['bytes written', `${(s.bytesWritten / 1048576).toFixed(1)} MB`],
    ...(s.images
      ? [
          [
            'images',
            `${n(s.images.fetched)} fetched, ${n(s.images.unchanged)} not modified; ${n(s.images.encoded)} variants encoded (${(s.images.encodeMs / 1000).toFixed(1)} s of encoder time), ${n(s.images.cached)} from the cache`,
          ],
        ]
      : []),
  ];
  logger.info(
    'build',
    s.ok
      ? `built ${s.buildId} (content ${s.contentId}) into ${s.outDir}`
      : s.buildId && s.pages
        ? `wrote a partial site (${s.buildId}) into ${s.outDir}`
        : 'build failed; the previous output is unchanged',
  );
  for (const [k, v] of lines) logger.info('build', `  ${k!.padEnd(14)} ${v}`);
}

/** How an incremental build reused the pages no change touched. */
export function reusedWords(reusedAs: 'in place' | 'rendered'): string {
  return reusedAs === 'in place'
    ? 'kept as they were (left in place in the output)'
    : 'rendered again from their previous data (the build id changed)';
}
