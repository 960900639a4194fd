import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Every CPU (the default left one idle on CI's two): the API files wait on their databases and
    // on Chromium, so two run well side by side (486 s to 405 s for the API files).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['tests/domain/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
          testTimeout: 20_000,
        },
      },
    ],
  },
});
