import type { BrandingPlugin, ChannelPlugin, GatePlugin, PagePlugin, SandboxHttpRequest, SandboxReply, SandboxTestCard } from '@oja/core';
import { declaredSourceKeys, sandboxFieldsOf } from '@oja/core';
import type { Store } from '@oja/store';
import { createSandbox, SANDBOX_PREFIXES } from './sandbox';
import type { Faults, Sandbox } from './sandbox';
import type { WebhookDeliveryOptions } from './webhookDelivery';

/** The sandbox field naming where one payment's webhooks go (docs/merchants/webhooks.md). */
export const WEBHOOK_URL_FIELD = 'webhook_url';

/** The channel codes each acquirer's branding forces on (its `channels.force`), by acquirer. */
export function forcedByAcquirer(brandings: readonly BrandingPlugin[]): (acquirer: string) => readonly string[] {
  return (acquirer) => brandings.find((b) => b.acquirer === acquirer)?.channels?.force ?? [];
}

/** The plugins the app installs: each one's sandbox part becomes part of the sandbox. */
export interface SandboxPlugins {
  channels: readonly ChannelPlugin[];
  gates?: readonly GatePlugin[];
  pages?: readonly PagePlugin[];
  /** The brandings: the channels each acquirer's policy forces on come configured for its merchants. Default none. */
  brandings?: readonly BrandingPlugin[];
}

/**
 * The sandbox as the checkout server takes an embedded collections API (@oja/server's EmbeddedApi): what it answers,
 * and what a deployment would otherwise configure (channel settings, outside sources), read off the parts.
 */
export interface EmbeddedSandbox {
  sandbox: Sandbox;
  prefixes: readonly string[];
  handle(req: SandboxHttpRequest): Promise<SandboxReply | undefined>;
  requestFields: readonly string[];
  channelSettings: Record<string, Record<string, string>>;
  sourceOrigins: Record<string, string[]>;
  testCards: readonly SandboxTestCard[];
  listening(checkoutBase: string): void;
  /** Stops its webhooks' deliveries (the server closing). */
  close(): void;
}

/** Each channel's page settings from its sandbox part. */
export function sandboxSettings(channels: readonly ChannelPlugin[]): Record<string, Record<string, string>> {
  return Object.fromEntries(channels.filter((c) => c.sandbox?.settings).map((c) => [c.id, { ...c.sandbox!.settings }]));
}

/** The sandbox's origins: every key the channels declare on its second origin (CONTRACT §5); none without one. */
export function sandboxSources(channels: readonly ChannelPlugin[], outsideBase: string): Record<string, string[]> {
  if (!outsideBase) return {};
  const origin = new URL(outsideBase).origin;
  return Object.fromEntries(declaredSourceKeys(channels).map((k) => [k, [origin]]));
}

/**
 * The embedded sandbox of an app: every installed plugin's part (channels, gates such as the cashback opt-in, pages
 * such as the revenue reference), its payments in `store` (shared by every instance) or in memory, its second origin
 * at `outsideBase` (the caller listens it with createOutsideServer).
 */
export function embeddedSandbox(
  plugins: SandboxPlugins,
  options: { store?: Store; faults?: Faults; outsideBase?: string; webhooks?: WebhookDeliveryOptions } = {},
): EmbeddedSandbox {
  const all = [...plugins.channels, ...(plugins.gates ?? []), ...(plugins.pages ?? [])];
  const sandbox = createSandbox(
    // A channel's code goes with its part: where the part says it is offered, the sandbox offers that code.
    all.map((p) => ({ id: p.id, code: 'code' in p ? p.code : undefined, part: p.sandbox })),
    { faults: options.faults, store: options.store, webhooks: options.webhooks, forcedBy: forcedByAcquirer(plugins.brandings ?? []) },
  );
  if (options.outsideBase) sandbox.origins.outside = options.outsideBase;
  return {
    sandbox,
    prefixes: SANDBOX_PREFIXES,
    handle: (req) => sandbox.handle(req),
    requestFields: [...sandboxFieldsOf(all), WEBHOOK_URL_FIELD],
    channelSettings: sandboxSettings(plugins.channels),
    sourceOrigins: sandboxSources(plugins.channels, options.outsideBase ?? ''),
    testCards: plugins.channels.flatMap((c) => c.sandbox?.testCards ?? []),
    listening: (checkoutBase) => {
      sandbox.origins.checkout = checkoutBase;
    },
    close: () => sandbox.close(),
  };
}
