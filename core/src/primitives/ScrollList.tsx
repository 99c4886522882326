import { css } from '@linaria/core';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';

/*
 * A list that scrolls within the spec's limit (the failure view's 45vh, credit's offers 210px and banks 200px) and
 * shows it: a frame, a shadow at each edge where more rows wait (only while they do), a row's top snapped to the top
 * after a scroll, and a bottom edge that never cuts a row above its title. Once it scrolls it is a named region in
 * the tab order, so a keyboard scrolls it too.
 */

/** Marks a row of the list; a list's items (`li`) are rows without it. A row's title is its first line of text. */
export const ROW_ATTRIBUTE = 'data-scroll-row';
const ROWS = `[${ROW_ATTRIBUTE}], li`;
/** Room kept under a cut row's title, px: the edge's shadow never lies on it. */
export const TITLE_CLEARANCE_PX = 10;

/** Where a row lies in the list's content, px from its top (padding included). */
export interface RowBox {
  top: number;
  titleBottom: number;
  bottom: number;
}

/**
 * The list's visible height within `limitPx`: the limit itself, unless its edge would cut a row above its title
 * (or less than TITLE_CLEARANCE_PX under it); then the edge moves up to that row's top, and the row waits whole
 * below it. `contentPx` is the content's whole height: a list that fits keeps the limit.
 */
export function fitHeight(limitPx: number, contentPx: number, rows: readonly RowBox[]): number {
  if (contentPx <= limitPx) return limitPx;
  const cut = rows.find((r) => r.top < limitPx && limitPx < r.bottom);
  if (!cut || cut.top <= 0 || limitPx >= Math.min(cut.titleBottom + TITLE_CLEARANCE_PX, cut.bottom)) return limitPx;
  return cut.top;
}

const box = css`
  position: relative;
  overflow-y: auto;
  overscroll-behavior: contain;
  /* A scroll stops with a row's top at the box's top: no row shows cut above its title there either. The list's
     own top is one of the stops, or a heading above the rows (a legend) would be snapped away as the list opens. */
  scroll-snap-type: y proximity;
  scroll-padding: 8px;
  > :first-child, [data-scroll-row], li { scroll-snap-align: start; }
  padding: 8px;
  border: 1px solid var(--oja-border, #cfd6e0);
  border-radius: var(--oja-radius-button, 8px);
  background: var(--oja-surface, #fff);
  /* The shadows lie over the rows (rows are opaque), stuck to the edges, shown only where more rows wait. */
  &::before,
  &::after {
    content: '';
    position: sticky;
    z-index: 1;
    display: block;
    height: 12px;
    margin: 0 -8px;
    pointer-events: none;
    opacity: 0;
    transition: opacity 0.15s;
  }
  /* In the flow at the ends of the rows (a negative margin: they take no room), stuck to the edges while scrolled. */
  &::before {
    top: 0;
    margin-bottom: -12px;
    background: radial-gradient(farthest-side at 50% 0, rgba(20, 30, 50, 0.28), transparent);
  }
  &::after {
    bottom: 0;
    margin-top: -12px;
    background: radial-gradient(farthest-side at 50% 100%, rgba(20, 30, 50, 0.28), transparent);
  }
  &[data-more-above]::before,
  &[data-more-below]::after {
    opacity: 1;
  }
  &:focus-visible {
    outline: 3px solid var(--oja-focus, #0b5cad);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    &::before,
    &::after { transition: none; }
  }
`;

export interface ScrollListProps {
  /** The rows: a list's items, or elements marked with ROW_ATTRIBUTE. */
  children: ReactNode;
  /** Names the list as a region once it scrolls, already translated. */
  label: string;
  /** A class that gives the spec's limit as max-height (and any look of the owner's). */
  className: string;
  testId?: string;
}

interface Edges {
  scrolls: boolean;
  above: boolean;
  below: boolean;
}

/** The bottom of a row's first line of text (its title), viewport px; the row's bottom when it has no text. */
function titleBottom(row: HTMLElement): number {
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent?.trim() ? 1 : 3) });
  const text = walker.nextNode();
  if (text) {
    const range = document.createRange();
    range.selectNodeContents(text);
    const first = range.getClientRects?.()[0];
    if (first) return first.bottom;
  }
  return row.getBoundingClientRect().bottom;
}

/** The list's limit as the owner's class gives it, px (45vh is resolved by the browser). */
function limitOf(el: HTMLElement): number {
  const inline = el.style.maxHeight;
  el.style.maxHeight = '';
  const px = Number.parseFloat(getComputedStyle(el).maxHeight);
  el.style.maxHeight = inline;
  return px;
}

/** Fits the list to its rows and tells where more rows wait; again on every resize of it, its rows or the window. */
function useFit(ref: RefObject<HTMLDivElement | null>): Edges {
  const [edges, setEdges] = useState<Edges>({ scrolls: false, above: false, below: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const edgesNow = () => {
      const scrolls = el.scrollHeight > el.clientHeight + 1;
      const next = { scrolls, above: scrolls && el.scrollTop > 1, below: scrolls && el.scrollTop + el.clientHeight < el.scrollHeight - 1 };
      setEdges((e) => (e.scrolls === next.scrolls && e.above === next.above && e.below === next.below ? e : next));
    };
    const fit = () => {
      const limit = limitOf(el);
      if (!Number.isFinite(limit)) return edgesNow();
      const frame = el.offsetHeight - el.clientHeight;
      const origin = el.getBoundingClientRect().top + el.clientTop - el.scrollTop;
      const rows = Array.from(el.querySelectorAll<HTMLElement>(ROWS), (row) => {
        const r = row.getBoundingClientRect();
        return { top: r.top - origin, bottom: r.bottom - origin, titleBottom: titleBottom(row) - origin };
      });
      const height = fitHeight(limit - frame, el.scrollHeight, rows) + frame;
      el.style.maxHeight = height < limit ? `${height}px` : '';
      edgesNow();
    };
    fit();
    el.addEventListener('scroll', edgesNow, { passive: true });
    window.addEventListener('resize', fit);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    if (observer) for (const child of Array.from(el.children)) observer.observe(child);
    return () => {
      el.removeEventListener('scroll', edgesNow);
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

/** The scrolling list: frame, edge shadows, snapped rows, a title never cut; a named, focusable region once it scrolls. */
export function ScrollList({ children, label, className, testId }: ScrollListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { scrolls, above, below } = useFit(ref);
  return (
    <div
      ref={ref}
      className={`${box} ${className}`}
      data-testid={testId}
      data-more-above={above || undefined}
      data-more-below={below || undefined}
      // Only a list that scrolls is a stop in the tab order: a keyboard scrolls it with the arrows.
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
