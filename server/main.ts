/** Reads the configuration, builds the app and listens. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const shown = config.publicUrl ?? `http://${wildcard ? 'localhost' : config.host}:${config.port}`;
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Skillgauge is running at ${shown}`,
    `  API docs: ${shown}/api/docs   Database: ${database}`,
  ];
  if (config.seedDemo) {
    lines.push('', '  Demo sign-ins (password for all: Demo@1234):');
    const { DEMO_ACCOUNTS } = await import('./db/seed');
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(34)} ${account.description}`);
  }
  if (config.admin) lines.push('', `  Admin from ADMIN_EMAIL: ${config.admin.email}`);
  console.log(lines.join('\n') + '\n');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      await app.close();
      process.exit(0);
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
