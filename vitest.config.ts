import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import wyw from '@wyw-in-js/vite';
import { wywOptions } from './scripts/wyw.mjs';
import { installedVitePlugin } from './core/app/src/ojaConfig.mjs';

/** Workspace packages export their sources under this condition, their built files otherwise (core/sdk/package.json). */
const SOURCE_CONDITION = 'oja-source';

export default defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  plugins: [
    // The installed plugins, for the stories of the assembled checkout (core/app/src/*.stories.tsx).
    installedVitePlugin(import.meta.dirname),
    wyw({ ...wywOptions, include: ['**/*.{ts,tsx}'], exclude: ['**/node_modules/**', '**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/*.stories.{ts,tsx}'] }),
  ],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          setupFiles: ['scripts/test/setup-unit.ts'],
          include: [
            'core/**/*.test.{ts,tsx}',
            'channels/**/*.test.{ts,tsx}',
            'branding/**/*.test.{ts,tsx}',
            'scripts/**/*.test.{ts,tsx}',
            'stories/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**', 'dist/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts', 'channels/**/*.e2e.ts', 'core/**/*.e2e.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['scripts/test/e2e-global-setup.ts'],
        },
      },
    ],
  },
});
