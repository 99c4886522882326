import { go } from '@oja/core';
import type { ChannelPlugin, Checkout } from '@oja/core';
import type { Device } from './state';

/** The section's pages under the channel's path (spec core §1: deeplink/{device}, five-digit-code/{device}, transaction-status). */
export const PAGES = {
  deepLink: (device: Device) => `/deeplink/${device}`,
  code: (device: Device) => `/five-digit-code/${device}`,
  status: '/transaction-status',
} as const;

/** The page the flow opens on: the deep links on a phone, the code on the web (spec core §4 step 3). */
export const firstPage = (device: Device) => (device === 'mobile' ? PAGES.deepLink('mobile') : PAGES.code('web'));

/** Opens one of the section's pages. */
export function goToPage(c: Checkout, plugin: ChannelPlugin, page: string, replace = false): void {
  go(c, `${plugin.path}${page}`, replace);
}
