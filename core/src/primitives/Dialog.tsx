import { css } from '@linaria/core';
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { heading } from '../ui/styles';
import { CloseIcon } from '../ui/icons';

const overlay = css`
  position: fixed;
  inset: 0;
  z-index: 20;
  display: grid;
  place-items: center;
  padding: 16px;
  background: rgba(12, 18, 28, 0.55);
`;
const panel = css`
  position: relative;
  width: 100%;
  max-width: 380px;
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  padding: 22px 20px 18px;
  border-radius: var(--oja-radius, 12px);
  background: var(--oja-surface, #fff);
  color: var(--oja-text, #1c2434);
  > h2 { margin-right: 44px; }
`;
const closeButton = css`
  position: absolute;
  top: 6px;
  right: 6px;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: none;
  color: inherit;
  cursor: pointer;
`;

/** What can take the focus inside the dialog, in tab order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Makes the page behind a modal inert (out of the accessibility tree and of reach), as aria-modal alone does not in
 * every browser: the siblings of the overlay and of each of its ancestors up to the body. Answers what it changed.
 */
function inertOutside(overlay: HTMLElement): HTMLElement[] {
  const changed: HTMLElement[] = [];
  for (let el: HTMLElement | null = overlay; el && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement?.children ?? []) {
      if (sibling === el || !(sibling instanceof HTMLElement) || sibling.inert || sibling.tagName === 'SCRIPT') continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return changed;
}

export interface DialogProps {
  /** Already translated; shown as the dialog's heading and naming it. */
  title: string;
  /** Accessible name of the close (×) button, already translated ("Close"). */
  closeLabel: string;
  /** Asked to close: the close button, Escape, or a click on the backdrop. The owner unmounts the dialog. */
  onClose(): void;
  /** Id of an element inside that describes the dialog (aria-describedby). */
  describedBy?: string;
  children?: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): role="dialog", aria-modal, named by its title. On open the focus moves
 * to the first control marked data-autofocus, else the first control after the close button, else the close
 * button; Tab and Shift+Tab stay inside; the page behind is inert; Escape, the close button and the backdrop close it;
 * on close the focus returns to the element that had it (the opener). Render it only while open.
 */
export function Dialog({ title, closeLabel, onClose, describedBy, children }: DialogProps) {
  const titleId = `oja-dialog-${useId().replace(/:/g, '')}`;
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = ref.current!;
    const outside = inertOutside(box.parentElement!);
    const items = () => [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = box.querySelector<HTMLElement>('[data-autofocus]') ?? items()[1] ?? items()[0];
    first?.focus();
    // On the document, so that the keys work even when a click on the backdrop took the focus away.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const all = items();
      if (!all.length) return;
      const at = all.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (at <= 0 ? all.length - 1 : at - 1) : at === -1 || at === all.length - 1 ? 0 : at + 1;
      e.preventDefault();
      all[next].focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      for (const el of outside) el.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop is a pointer shortcut; Escape and the close button do the same.
    <div
      className={overlay}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div ref={ref} className={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={describedBy}>
        {/* The title is read first; the close button, drawn in the corner, comes after it (and still first in tab order). */}
        <h2 id={titleId} className={heading}>
          {title}
        </h2>
        <button type="button" className={closeButton} aria-label={closeLabel} onClick={() => onCloseRef.current()}>
          <CloseIcon />
        </button>
        {children}
      </div>
    </div>
  );
}
