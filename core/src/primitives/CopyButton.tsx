import { css } from '@linaria/core';
import { useEffect, useRef, useState } from 'react';
import { registerMessages, useT } from '../i18n';
import { copyMessages } from './copyMessages';

registerMessages(copyMessages);

/** How long the "Copied" label shows, ms (spec core §9). */
export const COPIED_LABEL_MS = 1_000;

const copyButton = css`
  flex: 0 0 auto;
  /* A target of at least 44 px, as every control of the page. */
  min-height: 44px;
  min-width: 72px;
  padding: 6px 12px;
  border: 1px solid var(--oja-primary, #0b5cad);
  border-radius: 6px;
  background: transparent;
  color: var(--oja-primary-text, #0b5cad);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the accessible name ("Copy account number"). Already translated. */
  what: string;
  /** The label once copied, already translated, where a screen's spec words it otherwise ("Copied!"); default "Copied". */
  copiedLabel?: string;
}

/** Copies a value; says "Copied" for one second, announced to screen readers. */
export function CopyButton({ value, what, copiedLabel }: CopyButtonProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard refused (insecure context, permissions): select-free fallback.
      const area = document.createElement('textarea');
      area.value = value;
      document.body.appendChild(area);
      area.select();
      document.execCommand?.('copy');
      area.remove();
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };
  return (
    <button type="button" className={copyButton} onClick={copy} aria-label={t('core.copy.copyLabel', { what })}>
      <span aria-live="polite">{copied ? (copiedLabel ?? t('core.copy.copied')) : t('core.copy.copy')}</span>
    </button>
  );
}
