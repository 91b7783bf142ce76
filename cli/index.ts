import { Command, CommanderError } from 'commander';
import { formatError, isFieldhouseError } from '../src/errors/error.ts';
import { registerBuild } from './commands/build.ts';
import { registerCheckApi } from './commands/check-api.ts';
import { registerDemoApi } from './commands/demo-api.ts';
import { registerDev } from './commands/dev.ts';
import { registerPreview } from './commands/preview.ts';
import { registerWebhook } from './commands/webhook.ts';
import { EXIT } from './options.ts';
import { FIELDHOUSE_VERSION } from '../src/version.ts';
import { tuneV8 } from '../src/util/v8-tuning.ts';

/** Build the `site` program; commands are thin and call into src/. */
export function createProgram(): Command {
  const program = new Command('site')
    .description('Fieldhouse: static sites for sports organisations')
    .showHelpAfterError('(run with --help for usage)')
    .version(FIELDHOUSE_VERSION)
    .exitOverride()
    .addHelpText(
      'after',
      `\nExit codes: ${EXIT.ok} success, ${EXIT.failed} the command failed, ${EXIT.usage} bad usage or configuration.`,
    );
  registerBuild(program);
  registerPreview(program);
  registerDev(program);
  registerDemoApi(program);
  registerCheckApi(program);
  registerWebhook(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  tuneV8();
  const program = createProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    if (
      isFieldhouseError(error) &&
      (error.code.startsWith('Config') ||
        error.code.startsWith('Preview') ||
        error.code === 'OutputNotOurs' ||
        error.code === 'ApiUnreachable')
    ) {
      process.stderr.write(`site: ${formatError(error)}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    process.stderr.write(`site: ${formatError(error)}\n`);
    process.exitCode = EXIT.failed;
  }
}
