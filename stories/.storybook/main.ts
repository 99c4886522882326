import type { StorybookConfig } from '@storybook/react-vite';
import wyw from '@wyw-in-js/vite';
import { wywOptions } from '../../scripts/wyw.mjs';

/** Storybook for every screen of the checkout (CONTRACT §1: `npm run storybook`, `npm run build-storybook`). */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../../core/src/**/*.stories.tsx', '../../channels/*/src/**/*.stories.tsx', '../../branding/*/src/**/*.stories.tsx'],
  addons: [],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Docgen parses every component for the docs tab, which these stories do not use.
  typescript: { reactDocgen: false },
  async viteFinal(vite) {
    return {
      ...vite,
      // Vite would copy the project's public/ over Storybook's own index.html (TOOLCHAIN pitfalls).
      publicDir: false,
      plugins: [
        ...(vite.plugins ?? []),
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
