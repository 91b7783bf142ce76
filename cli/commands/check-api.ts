import type { Command } from 'commander';
import { checkApi, type CheckReport } from '../../src/check/index.ts';
import { loadConfig } from '../../src/config/load.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { EXIT } from '../options.ts';

interface CheckFlags {
  config?: string;
  json?: boolean;
}

export function registerCheckApi(program: Command): void {
  program
    .command('check-api')
    .description(
      'Read the content API as a build does, without rendering, and list every record that does not fit the contract (docs/content-api.md), by endpoint and field, with what the build would do with it.',
    )
    .option('--config <file>', 'config file', 'site.config.ts')
    .option('--json', 'print the report as JSON on stdout')
    .addHelpText(
      'after',
      '\nExit codes: 0 every page would build, 1 some pages would fail, 2 bad usage or configuration.',
    )
    .action(async (flags: CheckFlags) => {
      const logger = createLogger({ level: 'info' });
      const { config, root } = await loadConfig({ file: flags.config });
      let shown = 0;
      const report = await checkApi({
        config,
        root,
        logger,
        onProgress(done, total) {
          if (flags.json || (done - shown < 1000 && done !== total)) return;
          shown = done;
          logger.info('check', `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} pages read`);
        },
      });
      if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else printReport(report, logger);
      process.exitCode = report.findings.some((f) => f.outcome === 'page fails') ? EXIT.failed : EXIT.ok;
    });
}

function printReport(report: CheckReport, logger: ReturnType<typeof createLogger>): void {
  const n = (v: number) => v.toLocaleString('en-US');
  for (const f of report.findings) {
    logger.info('check', `${f.endpoint}${f.field ? ` · ${f.field}` : ''}: ${f.outcome} (${n(f.count)}×)`);
    for (const example of f.examples) logger.info('check', `    ${example}`);
  }
  const pages = (outcome: string) =>
    report.findings.filter((f) => f.outcome === outcome).reduce((a, f) => a + f.count, 0);
  logger.info(
    'check',
    `${n(report.pages)} pages read with ${n(report.requests)} requests: ${n(pages('page fails'))} would fail, ${n(pages('page skipped'))} skips, ${n(pages('normalised or left out'))} records normalised or left out`,
  );
}
