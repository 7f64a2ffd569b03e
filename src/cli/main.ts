#!/usr/bin/env node
import { Command } from 'commander';
import type { FastifyBaseLogger } from 'fastify';
import { VERSION } from '../lib/version.js';
import { ConfigError, readConfig } from './config.js';
import { isFreshStore, loadDemoShop } from './demo.js';
import { installLastResort } from './last-resort.js';
import { createLogger } from './logger.js';
import { INTERNAL_KEY_FILE, keyFor, managementKeyFor } from './management-key.js';
import { printBanner, printSearchLine, waitForRun } from './output.js';
import { type Roles, type RunningStack, startStack } from './stack.js';

const program = new Command()
  .name('aisle')
  .description(
    'Search and merchandising for online shops. Configured by environment variables; see the README.',
  )
  .version(VERSION);

program
  .command('start')
  .description('Run every role in one process: query node, control plane and indexer')
  .option('--demo', 'load a generated demo shop and publish a demo release when the data dir is new')
  .action(async (options: { demo?: boolean }) => {
    await run({ query: true, control: true, indexer: true }, { demo: options.demo === true, ownKey: true });
  });

program
  .command('query')
  .description('Run a query node: the public Query API and the internal API')
  .action(() => run({ query: true, control: false, indexer: false }, { demo: false, ownKey: false }));

program
  .command('control-plane')
  .description('Run the control plane: the management API')
  .action(() => run({ query: false, control: true, indexer: false }, { demo: false, ownKey: false }));

program
  .command('indexer')
  .description('Run an indexer: builds queued index runs')
  .action(() => run({ query: false, control: false, indexer: true }, { demo: false, ownKey: false }));

async function run(roles: Roles, options: { demo: boolean; ownKey: boolean }): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  installLastResort(logger);
  // Only the all-in-one start makes up keys; a control plane or query node alone refuses every call
  // without its key.
  const key = options.ownKey ? await managementKeyFor(config.dataDir, config.managementKey) : undefined;
  const managementKey = key?.key ?? config.managementKey;
  // The internal key is only ever read by the roles themselves: made and kept, never printed.
  if (options.ownKey)
    config.internalKey = (await keyFor(config.dataDir, INTERNAL_KEY_FILE, config.internalKey)).key;
  const stack: RunningStack = await startStack(config, roles, logger, managementKey, {
    storefront: options.demo,
  });
  stopOnSignals(stack, logger, config.stopTimeoutMs);
  printBanner(stack, roles, managementKey, key?.origin, config.dataDir);
  if (options.demo) {
    if (await isFreshStore(stack.deps)) {
      console.log(
        `Loading the demo shop into ${config.dataDir} ... (searches answer once its first index run is live)`,
      );
      const { runId } = await loadDemoShop(stack.deps, `${stack.urls.management}/schemas`);
      if (runId !== undefined) await waitForRun(stack, runId);
    } else {
      console.log(`The data dir ${config.dataDir} is in use: the demo shop is not loaded again.`);
    }
  }
  printSearchLine(stack);
  console.log('aisle is ready.');
}

/**
 * SIGTERM or SIGINT stops gracefully (see RunningStack.stop): requests in flight are answered,
 * queues flushed, a run being built given back. A stop that takes longer than `timeoutMs`, or a
 * second signal, ends the process at once (exit code 1).
 */
function stopOnSignals(stack: RunningStack, logger: FastifyBaseLogger, timeoutMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'a second signal: stopping at once');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping: finishing the requests in flight');
    setTimeout(() => {
      logger.error({ timeoutMs }, 'the stop took too long: stopping at once');
      process.exit(1);
    }, timeoutMs).unref();
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'the stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

program.parseAsync().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exit(1);
});
