import type { Command } from 'commander';
import { loadConfig } from '../../src/config/load.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { DEFAULT_DEBOUNCE_MS, startWebhookService } from '../../src/webhooks/service.ts';
import { integerIn } from '../options.ts';

interface WebhookFlags {
  config?: string;
  out?: string;
  port: number;
  host: string;
  secret?: string;
  deploy?: string;
  debounce: number;
  feed?: string;
}

export function registerWebhook(program: Command): void {
  program
    .command('webhook')
    .description(
      "Receive the CMS's signed content webhooks and rebuild the site in the background, one build at a time.",
    )
    .option('--config <file>', 'config file', 'site.config.ts')
    .option('--out <dir>', 'output folder (default: build.outDir of the config, "out")')
    .option('--port <port>', 'port to listen on', integerIn(0, 65535), 8787)
    .option('--host <host>', 'address to listen on (0.0.0.0 in a container)', '127.0.0.1')
    .option('--secret <secret>', "the webhooks' signing secret (or FIELDHOUSE_WEBHOOK_SECRET)")
    .option('--deploy <command>', 'shell command run after each successful build (FIELDHOUSE_OUT_DIR is set)')
    .option(
      '--debounce <ms>',
      'gather a burst of changes this long before building',
      integerIn(0, 600_000),
      DEFAULT_DEBOUNCE_MS,
    )
    .option('--feed <url>', "the CMS's change feed, to catch up after downtime (default: {api}/changes)")
    .addHelpText(
      'after',
      '\nPOST /webhook takes a content.changed message (docs/content-api.md, "Webhooks"); GET /status shows the queue and the last build.',
    )
    .action(async (flags: WebhookFlags) => {
      const logger = createLogger();
      const secret = flags.secret ?? process.env.FIELDHOUSE_WEBHOOK_SECRET;
      if (!secret) {
        logger.error('webhook', 'a signing secret is needed: pass --secret <secret> or set FIELDHOUSE_WEBHOOK_SECRET');
        process.exitCode = 2;
        return;
      }
      const { config, root } = await loadConfig({ file: flags.config });
      const service = await startWebhookService({
        config,
        root,
        outDir: flags.out,
        secret,
        port: flags.port,
        host: flags.host,
        deploy: flags.deploy ?? null,
        debounceMs: flags.debounce,
        feedUrl: flags.feed,
        logger,
      });
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      logger.info('webhook', 'stopping: the build under way (if any) finishes first');
      await service.close();
    });
}
