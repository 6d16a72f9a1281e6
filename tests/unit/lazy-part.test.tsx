import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../src/kernel/i18n';
import { lazyPart } from '../../src/kernel/shell/lazy-part';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

describe('a part of the app loaded on first use', () => {
  it('shows a spinner while it loads, a retry page when the load fails, and the part once a retry loads it', async () => {
    const i18n = await createI18n([], 'en-US');
    const attempts = [deferred<() => ReactElement>(), deferred<() => ReactElement>()];
    let calls = 0;
    const Part = lazyPart(() => attempts[calls++].promise, 'Part');
    const { container } = render(<I18nextProvider i18n={i18n}><Part /></I18nextProvider>);

    expect(container.querySelector('.tessera-screen-loading .bp6-spinner')).not.toBeNull();
    await act(async () => { attempts[0].reject(new TypeError('Failed to fetch dynamically imported module')); });
    expect(await screen.findByText('This part of the page could not be loaded. Check your connection and retry.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls).toBe(2);
    await act(async () => { attempts[1].resolve(() => <p>the part</p>); });
    expect(await screen.findByText('the part')).toBeTruthy();
  });

  it('renders at once, without a spinner, once preloaded', async () => {
    const i18n = await createI18n([], 'en-US');
    const Part = lazyPart(async () => () => <p>ready</p>, 'Ready');
    await Part.preload();
    render(<I18nextProvider i18n={i18n}><Part /></I18nextProvider>);
    expect(screen.getByText('ready')).toBeTruthy();
  });
});
