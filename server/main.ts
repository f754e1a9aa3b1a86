/**
 * Starts the reference server from environment variables and the `--dev` flag (all listed in
 * environment.ts): build, listen, print the addresses, stop gracefully on SIGINT and SIGTERM.
 */
import { buildServer } from './app';
import { PasswordHasher } from './domain/passwords';
import { devModeLine, serverConfigFromEnvironment, startupLines } from './environment';
import { seedShowcase, showcaseLines } from './seed';

async function main(): Promise<void> {
  const config = serverConfigFromEnvironment(process.env, process.argv.slice(2));
  const dev = devModeLine(config);
  if (dev) console.warn(dev);
  const server = await buildServer(config.options);
  for (const warning of config.warnings) console.warn(warning);
  // `npm start` (development mode) builds the React host demo too, from the dist/react that its
  // `npm run build` just wrote: demo-pages/react-host/ is otherwise blank until a separate build.
  if (config.dev) await buildReactHostDemo();
  // Development mode with the seed: every page the portal has can be seen (seed.ts seedShowcase).
  const showcase = config.dev && config.options.seed;
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
