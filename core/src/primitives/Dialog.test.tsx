import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './Dialog';

/** An opener button and, while open, a dialog with two controls of its own (or none). */
function Harness({ controls = true, onClose = vi.fn() }: { controls?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {open && (
        <Dialog
          title="Eligible banks"
          closeLabel="Close"
          describedBy="desc"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <p id="desc">Banks whose app accepts the code.</p>
          {controls && (
            <>
              <a href="https://bank.example">First link</a>
              <button type="button">Last button</button>
            </>
          )}
        </Dialog>
      )}
    </>
  );
}

function open(props: Parameters<typeof Harness>[0] = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its text', () => {
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Eligible banks' })).toBe(dialog);
    expect(screen.getByRole('heading', { level: 2, name: 'Eligible banks' })).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBe('desc');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('is read title first: the heading comes before the close button and the content', () => {
    const { dialog } = open();
    const order = [...dialog.querySelectorAll('h2, button, a, p')].map((el) => el.textContent || el.getAttribute('aria-label'));
    expect(order).toEqual(['Eligible banks', 'Close', 'Banks whose app accepts the code.', 'First link', 'Last button']);
  });

  it('makes the page behind it inert while open (out of the accessibility tree), and gives it back on close', () => {
    const { opener, dialog } = open();
    const behind = screen.getByRole('button', { name: 'Behind' });
    expect([opener.inert, behind.inert, dialog.inert]).toEqual([true, true, false]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect([opener.inert, behind.inert]).toEqual([false, false]);
    expect(document.activeElement).toBe(opener);
  });

  it('moves the focus to its first control, and keeps Tab and Shift+Tab inside', () => {
    open();
    const close = screen.getByRole('button', { name: 'Close' });
    const first = screen.getByRole('link', { name: 'First link' });
    const last = screen.getByRole('button', { name: 'Last button' });
    expect(document.activeElement).toBe(first);
    tab();
    expect(document.activeElement).toBe(last);
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(last);
    // Focus that got out (a click on the backdrop's text) comes back in on the next Tab.
    screen.getByRole('button', { name: 'Behind' }).focus();
    tab();
    expect(document.activeElement).toBe(close);
  });

  it('focuses the close button when it has no other control', () => {
    open({ controls: false });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' })],
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['a click on the backdrop', () => fireEvent.mouseDown(screen.getByRole('dialog').parentElement!)],
  ])('closes on %s and gives the focus back to the opener', (_how, act) => {
    const onClose = vi.fn();
    const { opener } = open({ onClose });
    act();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on a click inside it', () => {
    const onClose = vi.fn();
    open({ onClose });
    fireEvent.mouseDown(screen.getByText('Banks whose app accepts the code.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
