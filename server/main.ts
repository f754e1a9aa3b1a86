/**
 * Starts the reference server from environment variables and the `--dev` flag (all listed in
 * environment.ts): build, listen, print the addresses, stop gracefully on SIGINT and SIGTERM.
 */
import cluster from 'node:cluster';
import { buildServer } from './app';
import { PasswordHasher } from './domain/passwords';
import { devModeLine, serverConfigFromEnvironment, startupLines } from './environment';
import { seedShowcase, showcaseLines } from './seed';
import { runPrimary, workerCount } from './workers';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const config = serverConfigFromEnvironment(process.env, argv);
  const workers = workerCount(process.env, argv, {
    production: config.production,
    postgres: config.options.database.kind === 'postgres',
  });
  // `--workers N` (server/workers.ts): this process forks N servers sharing the port and prints
  // the addresses once they all listen; each worker below is a whole server and stays quiet.
  const quiet = cluster.isWorker;
  // One worker does the one-time development chores (the React host demo, the showcase seed).
  const first = !cluster.isWorker || cluster.worker?.id === 1;
  if (workers > 1 && cluster.isPrimary) {
    const dev = devModeLine(config);
    if (dev) console.warn(dev);
    for (const warning of config.warnings) console.warn(warning);
    runPrimary(workers, () =>
      console.log([...startupLines(config, process.env), `  Workers:       ${workers} processes`].join('\n')),
    );
    return;
  }
  const dev = devModeLine(config);
  if (dev && !quiet) console.warn(dev);
  const server = await buildServer(config.options);
  if (!quiet) for (const warning of config.warnings) console.warn(warning);
  const issuers = server.tokens.knownIssuers();
  if (issuers.length > 1 && !quiet)
    console.warn(
      `Warning: the servers on this database sign access tokens as ${issuers.join(', ')}. They accept each other's tokens, but a host backend that checks "iss" accepts only the one it is told: give every instance the same PUBLIC_URL (or ISSUER).`,
    );
  // `npm start` (development mode) builds the React host demo too, from the dist/react that its
  // `npm run build` just wrote: demo-pages/react-host/ is otherwise blank until a separate build.
  if (config.dev && first) await buildReactHostDemo();
  // Development mode with the seed: every page the portal has can be seen (seed.ts seedShowcase).
  const showcase = config.dev && config.options.seed && first;
  if (showcase) await seedShowcase(server.db, new PasswordHasher(config.options.passwordHashing));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing requests in flight, then closing the database...`);
    // If something hangs, do not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while stopping:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  await server.app.listen({ port: config.port, host: config.host });
  if (!quiet)
    console.log([...startupLines(config, process.env), ...(showcase ? showcaseLines() : [])].join('\n'));
}

async function buildReactHostDemo(): Promise<void> {
  try {
    // A URL, not a literal: the server package's bundle (scripts/build-server.mjs) must not take in
    // this development script and its esbuild import.
    const script = new URL('../demo-pages/react-host/build.mjs', import.meta.url).href;
    const { buildReactHost } = (await import(script)) as { buildReactHost: () => Promise<void> };
    await buildReactHost();
  } catch (error) {
    console.warn(
      `The React host demo was not built (${error instanceof Error ? error.message.split('\n')[0] : error}); run npm run build, then node demo-pages/react-host/build.mjs`,
    );
  }
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
