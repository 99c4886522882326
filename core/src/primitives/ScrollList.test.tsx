import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { fitHeight, ScrollList, TITLE_CLEARANCE_PX } from './ScrollList';

/** Rows of 60 px with a 20 px title line, 8 px apart, from 8 px down (the list's padding). */
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ top: 8 + i * 68, titleBottom: 8 + i * 68 + 20, bottom: 8 + i * 68 + 60 }));

describe('fitHeight: the edge never cuts a row above its title', () => {
  it('keeps the limit when everything fits', () => {
    expect(fitHeight(288, 200, rows(3))).toBe(288);
  });

  it('keeps the limit when the edge falls between rows or under a cut row’s title', () => {
    // 4 rows end at 280; the fifth starts at 280: 282 shows 2 px of gap, no row cut.
    expect(fitHeight(279, 500, rows(7))).toBe(279);
    // The fifth row's title ends at 300: at 300 + clearance and below, the title shows whole.
    expect(fitHeight(300 + TITLE_CLEARANCE_PX, 500, rows(7))).toBe(300 + TITLE_CLEARANCE_PX);
    expect(fitHeight(330, 500, rows(7))).toBe(330);
  });

  it('moves the edge up to the row’s top when it would cut the row’s title (or too close under it)', () => {
    expect(fitHeight(282, 500, rows(7))).toBe(280);
    expect(fitHeight(295, 500, rows(7))).toBe(280);
    expect(fitHeight(300 + TITLE_CLEARANCE_PX - 1, 500, rows(7))).toBe(280);
  });

  it('keeps the limit when the first row itself is taller than the list (nothing better to show)', () => {
    expect(fitHeight(10, 500, [{ top: 0, titleBottom: 20, bottom: 500 }])).toBe(10);
  });

  it('never cuts a short row whose title is the whole row: it waits whole under the edge', () => {
    const banks = [0, 1, 2, 3, 4, 5].map((i) => ({ top: 4 + i * 44, titleBottom: 4 + i * 44 + 44, bottom: 4 + i * 44 + 44 }));
    expect(fitHeight(198, 300, banks)).toBe(180);
  });
});

describe('ScrollList', () => {
  afterEach(() => vi.restoreAllMocks());

  function sized(scrollHeight: number, clientHeight: number) {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
  }
  const list = () =>
    render(
      <ScrollList label="Other methods" className="limit" testId="list">
        <ul>
          <li>One</li>
          <li>Two</li>
        </ul>
      </ScrollList>,
    );

  it('is no stop in the tab order and no region while it does not scroll', () => {
    sized(100, 100);
    list();
    const box = screen.getByTestId('list');
    expect(box.hasAttribute('tabindex')).toBe(false);
    expect(box.getAttribute('role')).toBeNull();
    expect(box.hasAttribute('data-more-below')).toBe(false);
    expect(screen.getByText('One')).toBeTruthy();
  });

  it('once it scrolls: a named region in the tab order, with the shadow where more rows wait', async () => {
    sized(400, 200);
    list();
    const box = screen.getByRole('region', { name: 'Other methods' });
    expect(box.getAttribute('tabindex')).toBe('0');
    expect(box.hasAttribute('data-more-below')).toBe(true);
    expect(box.hasAttribute('data-more-above')).toBe(false);
    // Scrolled to its end: the shadow moves to the top.
    await act(async () => {
      box.scrollTop = 200;
      fireEvent.scroll(box);
    });
    expect(box.hasAttribute('data-more-below')).toBe(false);
    expect(box.hasAttribute('data-more-above')).toBe(true);
  });
});
