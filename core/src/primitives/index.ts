/**
 * The shared primitives of channel screens. A separate entry from '@oja/core' so that they travel with the
 * screens that use them, never on the initial route. A primitive with a stylesheet is kept by every importer of
 * this entry (the stylesheet is a side effect), so a large one that few screens use has an entry of its own:
 * `@oja/core/qr` (QrCode), `@oja/core/dialog` (Dialog), `@oja/core/waiting-view` (WaitingView).
 */
export * from './asyncSlot';
export * from './poller';
export * from './countdown';
export * from './useStatusPolling';
export { CopyButton, COPIED_LABEL_MS } from './CopyButton';
export type { CopyButtonProps } from './CopyButton';
export { CopyValue } from './CopyValue';
export type { CopyValueProps } from './CopyValue';
export { PendingLayout } from './PendingLayout';
export { ProviderFrame, PROVIDER_FRAME_SANDBOX } from './ProviderFrame';
export type { ProviderFrameProps } from './ProviderFrame';
export type { PendingLayoutProps } from './PendingLayout';
export { SimulateControl } from './SimulateControl';
export { Field, fieldStyles } from './Field';
export type { FieldProps } from './Field';
export { SelectField, type SelectFieldProps } from './SelectField';
export { ScrollList, fitHeight, ROW_ATTRIBUTE, TITLE_CLEARANCE_PX } from './ScrollList';
export type { RowBox, ScrollListProps } from './ScrollList';
export { BackLink } from './BackLink';
export type { BackLinkProps } from './BackLink';
