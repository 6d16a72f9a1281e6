import { describe, expect, it } from 'vitest';
import { closeAllToasts, dismissToast, updateToast } from '../../src/kernel/core/toaster';

const toastOnPage = () => document.querySelector('.bp6-toast') !== null;

describe('closing every toast before a page goes', () => {
  it('waits for a toast that closed itself just before and is still animating out', async () => {
    await updateToast('progress', 'Fetching page 3');
    await expect.poll(toastOnPage).toBe(true);
    await dismissToast('progress');
    // React has removed it from the toaster's list; its closing animation (300 ms) has just begun.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeAllToasts();
    // Nothing is left to fire a timer into a page that is gone.
    expect(toastOnPage()).toBe(false);
  });
});
