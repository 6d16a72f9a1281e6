/** The spec's loading-bar constants. */
export const PROGRESS = { minimum: 0.08, speed: 200, trickleRate: 0.02, trickleIntervalMs: 800, showSpinner: true } as const;

/**
 * The bar shows only for a load still running this long after it began: a screen that arrives sooner
 * shows no flash of a bar, and the bar's code (@bprogress/core) loads only for a load that needs it,
 * not with the first screen (docs/DECISIONS.md, "Teams: the first screen pays for itself").
 */
export const PROGRESS_SHOW_AFTER_MS = 250;

type Bar = typeof import('@bprogress/core').BProgress;

let bar: Bar | null = null;
let loading: Promise<Bar> | null = null;
let trickleTimer: ReturnType<typeof setInterval> | null = null;
let showTimer: ReturnType<typeof setTimeout> | null = null;
let shown = false;
let active = 0;

function loadBar(): Promise<Bar> {
  loading ??= Promise.all([import('@bprogress/core'), import('@bprogress/core/css')]).then(([m]) => {
    m.BProgress.configure({ minimum: PROGRESS.minimum, speed: PROGRESS.speed, showSpinner: PROGRESS.showSpinner, trickle: false });
    bar = m.BProgress;
    return bar;
  });
  loading.catch(() => { loading = null; });
  return loading;
}

/** BProgress trickles by its own curve, so the spec's fixed trickle (+0.02 every 800 ms) drives `inc` instead. */
function show(b: Bar): void {
  if (active === 0 || shown) return;
  shown = true;
  b.start();
  trickleTimer = setInterval(() => b.inc(PROGRESS.trickleRate), PROGRESS.trickleIntervalMs);
}

/** Starts the thin bar (after PROGRESS_SHOW_AFTER_MS, if still loading). Nested starts are counted. */
export function startProgress(): void {
  active += 1;
  if (active > 1) return;
  showTimer = setTimeout(() => {
    showTimer = null;
    if (bar) show(bar);
    else loadBar().then(show, () => { /* no bar: the screen's spinner still shows */ });
  }, PROGRESS_SHOW_AFTER_MS);
}

export function doneProgress(): void {
  if (active === 0) return;
  active -= 1;
  if (active > 0) return;
  if (showTimer) clearTimeout(showTimer);
  showTimer = null;
  if (trickleTimer) clearInterval(trickleTimer);
  trickleTimer = null;
  if (shown) bar?.done();
  shown = false;
}
