import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The API tests run on the embedded PGlite, or on the PostgreSQL server of DATABASE_URL. With
 * TEST_POSTGRES_URL (a server whose user may create databases) they run on both in one run: the
 * `api` project on PGlite and `api-postgres` on that server, side by side, as CI does.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;

/** API files whose subject is not the database (the code runner, Chromium's PDFs, PGlite's own data folder, HTTP headers): PGlite runs them, PostgreSQL would run them the same. */
const NOT_ABOUT_THE_DATABASE = ['runner', 'sandbox', 'run-test', 'report-pdf', 'orders-pdf', 'data-dir', 'take-page', 'sanitize', 'health', 'proxy-headers'];

const api: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  include: ['tests/api/**/*.test.ts'],
  globalSetup: ['tests/api/global-setup.ts'],
  // One module graph per worker: the server's modules and PGlite's WebAssembly are loaded once per
  // worker, not once per file (a third of the API files' CPU time). Each file builds its own app
  // on its own database; nothing in the server keeps state in a module.
  isolate: false,
  // Ceilings, not speed checks: CI's two cores may be shared with another busy process.
  testTimeout: 90_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // More workers than CPUs (the default left one of CI's two idle): the API files wait on their
    // databases and on Chromium, and on a machine shared with another busy process each worker is
    // one more claim on the CPUs.
    maxWorkers: '150%',
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { ...api, name: 'api', ...(postgresUrl ? { env: { DATABASE_URL: '' } } : {}) },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                ...api,
                name: 'api-postgres',
                exclude: NOT_ABOUT_THE_DATABASE.map((name) => `tests/api/${name}.test.ts`),
                env: { DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/components/setup.ts'],
          // One module graph per worker instead of per file: react-admin and MUI are evaluated twice
          // in a run instead of 41 times (248 s to 147 s). setup.ts undoes what a test changes.
          isolate: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
