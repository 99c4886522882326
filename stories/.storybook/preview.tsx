import type { Preview } from '@storybook/react';

/**
 * The toolbar's language and branding. Every story renders through stories/src/harness.tsx, which reads these
 * globals, so each screen can be seen in English and French under each acquirer's branding.
 */
const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of the checkout',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English', right: 'EN' },
          { value: 'fr', title: 'Français', right: 'FR' },
        ],
        dynamicTitle: true,
      },
    },
    branding: {
      description: "Acquirer's branding",
      toolbar: {
        title: 'Branding',
        icon: 'paintbrush',
        // 'default' stands for the default branding (acquirer ''): an empty toolbar value does not survive the URL.
        items: [
          { value: 'default', title: 'Default (Oja)' },
          { value: 'ZIB', title: 'ZIB' },
          { value: 'MUL', title: 'MUL' },
          { value: 'HALO', title: 'HALO' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', branding: 'default' },
  parameters: {
    layout: 'fullscreen',
    controls: { disable: true },
  },
};

export default preview;
