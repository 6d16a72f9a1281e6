import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { lazyPopover, type PopoverPartProps } from '../../src/kernel/shell/lazy-popover';
import { lazyOverlay } from '../../src/kernel/core/lazy-overlay';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

function MenuPart({ target, defaultIsOpen }: PopoverPartProps) {
  return (
    <PopoverNext placement="bottom-end" defaultIsOpen={defaultIsOpen} content={<Menu><MenuItem text="Log out" /></Menu>}>
      {target}
    </PopoverNext>
  );
}

describe('a popover whose code loads on first press (docs/DECISIONS.md, "The dashboard loads what it shows")', () => {
  it('shows the same button closed, loads on the first press, opens as a popover mounted from the start does (the focus into it), and returns the focus to the button on close', async () => {
    const load = deferred<ComponentType<PopoverPartProps>>();
    const loader = vi.fn(() => load.promise);
    const Part = lazyPopover<object>(loader, 'menu');
    render(<Part target={<Button text="Ada" data-testid="user-menu" />} />);

    const before = screen.getByTestId('user-menu');
    expect(before.getAttribute('aria-haspopup')).toBe('menu');
    expect(before.getAttribute('aria-expanded')).toBe('false');
    expect(before.parentElement?.classList.contains('bp6-popover-target')).toBe(true);
    expect(loader).not.toHaveBeenCalled();

    before.focus();
    fireEvent.click(before);
    expect(loader).toHaveBeenCalledTimes(1);
    await act(async () => { load.resolve(MenuPart); });

    expect(await screen.findByText('Log out')).toBeTruthy();
    const after = screen.getByTestId('user-menu');
    expect(after.getAttribute('aria-expanded')).toBe('true');
    // As with a PopoverNext mounted from the start: the focus moves into the popover's overlay.
    await waitFor(() => expect(document.activeElement?.closest('.bp6-portal')).not.toBeNull());

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.getByTestId('user-menu').getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('user-menu')));
  });

  it('stays closed when the code cannot be fetched, and asks again on the next press', async () => {
    const attempts = [deferred<ComponentType<PopoverPartProps>>(), deferred<ComponentType<PopoverPartProps>>()];
    let calls = 0;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazyPopover<object>(() => attempts[calls++].promise, 'menu');
    render(<Part target={<Button text="Ada" data-testid="user-menu" />} />);
    fireEvent.click(screen.getByTestId('user-menu'));
    await act(async () => { attempts[0].reject(new TypeError('Failed to fetch dynamically imported module')); });
    expect(screen.queryByText('Log out')).toBeNull();
    expect(error).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(calls).toBe(2);
    await act(async () => { attempts[1].resolve(MenuPart); });
    expect(await screen.findByText('Log out')).toBeTruthy();
    error.mockRestore();
  });
});

describe('a dialog or drawer whose code loads when it first opens', () => {
  it('renders nothing and loads nothing while closed; loads on opening and stays mounted after', async () => {
    const loader = vi.fn(async () => ({ isOpen }: { isOpen: boolean }) => <p>{isOpen ? 'open' : 'closed'}</p>);
    const Part = lazyOverlay<{ isOpen: boolean }>(loader, 'dialog');
    const { rerender, container } = render(<Part isOpen={false} />);
    expect(container.textContent).toBe('');
    expect(loader).not.toHaveBeenCalled();
    rerender(<Part isOpen />);
    expect(await screen.findByText('open')).toBeTruthy();
    rerender(<Part isOpen={false} />);
    expect(screen.getByText('closed')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('shows its fallback while open when the code cannot be fetched, and asks again on the next opening', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const loader = () => (calls++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(() => <p>the dialog</p>));
    const Part = lazyOverlay<{ isOpen: boolean }>(loader, 'dialog', () => <p>the notice</p>);
    const { rerender } = render(<Part isOpen />);
    expect(await screen.findByText('the notice')).toBeTruthy();
    rerender(<Part isOpen={false} />);
    expect(screen.queryByText('the notice')).toBeNull();
    rerender(<Part isOpen />);
    expect(await screen.findByText('the dialog')).toBeTruthy();
    expect(calls).toBe(2);
    error.mockRestore();
  });
});
