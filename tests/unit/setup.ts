// Shared set-up of the jsdom unit tests: layout stubs (jsdom has no layout), IndexedDB, cleanup.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { closeAllToasts } from '../../src/kernel/core/toaster';
import { loadValidators } from '../../src/kernel/runner/params';

// A page loads the validators' code on first need; the unit tests start as a page that has it (the
// runner's path before it has loaded is tested in tests/unit/runner.test.ts, "before the validators load").
beforeAll(async () => {
  await loadValidators();
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  // React flushes an unmount's passive effects on the scheduler's next macrotask: let it run while
  // jsdom still exists, or the last test of a file can end in "window is not defined" after teardown.
  // (two timer turns: the scheduler's setImmediate runs in the event loop's check phase between them)
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
});

// The toaster lives in a root of its own (document.body), which cleanup() does not unmount: close its
// toasts before jsdom goes, or a toast's timer may fire into a torn-down window ("window is not defined").
afterAll(async () => {
  await closeAllToasts();
}, 20_000); // a busy 2-core machine may take seconds to let the last toast animate out

// A virtualizer renders nothing in a 0×0 box.
Object.defineProperties(HTMLElement.prototype, {
  clientHeight: { configurable: true, get() { return 600; } },
  clientWidth: { configurable: true, get() { return 1000; } },
  offsetHeight: { configurable: true, get() { return 600; } },
  offsetWidth: { configurable: true, get() { return 1000; } },
});
const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1000, width: 1000, height: 600, toJSON: () => ({}) };
HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect() { return rect as DOMRect; };

if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
HTMLCanvasElement.prototype.getContext = vi.fn(() => null) as unknown as typeof HTMLCanvasElement.prototype.getContext;
window.scrollTo = (() => {}) as typeof window.scrollTo;
