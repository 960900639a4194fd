/** Reads the configuration, builds the app and listens. */
import { buildApp } from './app';
import { ConfigError, JWT_SECRET_FILE, keptJwtSecret, loadConfig } from './config';

// Every file the server writes (database, uploads) is private to its own user: code runs as other users.
process.umask(0o077);

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
  // Without JWT_SECRET the key is generated once and kept in DATA_DIR, so sign-ins survive restarts.
  if (!config.jwtSecretFromEnv && config.dataDir) config = { ...config, jwtSecret: keptJwtSecret(config.dataDir) };
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl;
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  Skillgauge is running at ${shown}`,
    `  API docs: ${shown}/api/docs   Database: ${database}`,
  ];
  if (config.seedDemo) {
    lines.push('', '  Demo sign-ins (password for all: Demo@1234):');
    const { DEMO_ACCOUNTS } = await import('./seeds/seed');
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(34)} ${account.description}`);
    const { demoCandidateLink } = await import('./seeds/seed-assessments');
    const link = await demoCandidateLink(app.services.db, config.publicUrl);
    if (link) lines.push('', '  Take an assessment as a candidate (a new link at every start):', `    ${link}`);
  }
  if (config.admin) lines.push('', `  Admin from ADMIN_EMAIL: ${config.admin.email}`);
  if (!config.jwtSecretFromEnv && config.databaseUrl)
    lines.push('', `  Note: tokens are signed with the key in ${config.dataDir}/${JWT_SECRET_FILE}; set JWT_SECRET when several instances share the database.`);
  // Last, after everything start-up logs, so it is what the terminal shows.
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
