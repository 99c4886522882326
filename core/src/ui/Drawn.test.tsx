import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { drawnByServer } from '../plugin';
import { Drawn } from './Drawn';

const Mark = () => <svg role="img" aria-label="Mark" viewBox="0 0 44 44" />;

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('a picture the server draws', () => {
  it('keeps the markup the server drew in its slot and never loads the module, even drawn again later', () => {
    const served = document.createElement('div');
    served.innerHTML = '<span data-oja-drawn="logo-kept"><svg role="img" aria-label="Served" viewBox="0 0 44 44"></svg></span>';
    document.body.append(served);
    const load = vi.fn(async () => ({ default: Mark }));
    const first = render(<Drawn picture={drawnByServer(load)} slot="logo-kept" />);
    expect(first.container.querySelector('[data-oja-drawn="logo-kept"] svg')?.getAttribute('aria-label')).toBe('Served');
    // The slot is gone from the page (a list closed), then drawn again: the same markup, still no load.
    served.remove();
    first.unmount();
    render(<Drawn picture={drawnByServer(load)} slot="logo-kept" />);
    expect(screen.getByRole('img', { name: 'Served' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the picture once where the server drew nothing (a story, a list reopened after a deep link)', async () => {
    const load = vi.fn(async () => ({ default: Mark }));
    const picture = drawnByServer(load);
    render(
      <>
        <Drawn picture={picture} slot="icon-new" />
        <Drawn picture={picture} slot="icon-new-2" />
      </>,
    );
    expect(await screen.findAllByRole('img', { name: 'Mark' })).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws a plain component as it is, with no wrapper', () => {
    const { container } = render(<Drawn picture={Mark} slot="plain" />);
    expect(container.innerHTML).toBe('<svg role="img" aria-label="Mark" viewBox="0 0 44 44"></svg>');
  });
});
