import path from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import wyw from '@wyw-in-js/vite';
import { defaultClientConditions } from 'vite';
import { wywOptions } from '../../scripts/wyw.mjs';
import { installedVitePlugin } from '../../core/app/src/ojaConfig.mjs';

/**
 * Packages the stories reach only through workspace code or a lazy screen, which Vite's scan at start does not
 * find: found on a first visit instead, they are bundled then and the page reloads (a story's module failing to
 * load with "504 Outdated Optimize Dep" on the way). Bundled at start instead.
 */
const STORY_DEPENDENCIES = [
  'react/jsx-dev-runtime',
  '@linaria/core',
  'redaxios',
  'rosetta',
  'valtio',
  'valtio/utils',
  'wouter',
  'wouter/memory-location',
  'qrcode-generator',
  'node-forge/lib/forge',
  'node-forge/lib/jsbn',
  'node-forge/lib/rsa',
  'node-forge/lib/sha256',
];

/** Storybook for every screen of the checkout (CONTRACT §1: `npm run storybook`, `npm run build-storybook`). */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../../core/src/**/*.stories.tsx',
    '../../core/server/src/**/*.stories.tsx',
    '../../core/app/src/**/*.stories.tsx',
    '../../core/{gates,pages}/*/src/**/*.stories.tsx',
    '../../channels/*/src/**/*.stories.tsx',
    '../../branding/*/src/**/*.stories.tsx',
  ],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Docgen parses every component for the docs tab, which these stories do not use.
  typescript: { reactDocgen: false },
  async viteFinal(vite) {
    return {
      ...vite,
      // Vite would copy the project's public/ over Storybook's own index.html (TOOLCHAIN pitfalls).
      publicDir: false,
      // Workspace packages export their sources under this condition, their built files otherwise (core/sdk/package.json).
      resolve: { ...vite.resolve, conditions: ['oja-source', ...(vite.resolve?.conditions ?? defaultClientConditions)] },
      optimizeDeps: { ...vite.optimizeDeps, include: [...(vite.optimizeDeps?.include ?? []), ...STORY_DEPENDENCIES] },
      plugins: [
        ...(vite.plugins ?? []),
        // `oja:installed`: the stories of the assembled checkout list what oja.config.json installs.
        installedVitePlugin(path.resolve(import.meta.dirname, '../..')),
        // The same linaria setup as the build and vitest, so class names and styles match the real page.
        wyw({
          ...wywOptions,
          include: ['**/*.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.stories.tsx', '**/*.test.*'],
        }),
      ],
    };
  },
};

export default config;
