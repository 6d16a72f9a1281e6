// While a drawer is open at the right, the toasts centre in the space left of it (their container's
// right edge follows --tessera-drawer-space, shell.css), so they do not cover the drawer's title.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { useDrawerSpace } from '../../src/kernel/core/drawer-space';

function Drawer({ open, size }: { open: boolean; size: string }) {
  useDrawerSpace(open, size);
  return null;
}
const space = () => document.documentElement.style.getPropertyValue('--tessera-drawer-space');

describe('the space toasts leave for an open drawer', () => {
  it('is the open drawer\'s size, the widest of two, and nothing once they close', () => {
    const jobs = render(<Drawer open={false} size="60%" />);
    expect(space()).toBe('');
    jobs.rerender(<Drawer open size="60%" />);
    expect(space()).toBe('60%');
    const settings = render(<Drawer open size="360px" />);
    expect(space()).toBe('max(60%, 360px)');
    jobs.rerender(<Drawer open={false} size="60%" />);
    expect(space()).toBe('360px');
    settings.unmount();
    expect(space()).toBe('');
  });
});
