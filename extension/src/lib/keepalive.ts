/**
 * Chromium stops an idle MV3 worker after ~30 s; calling an extension API resets that timer. While
 * any request is in flight the worker pings such an API every `everyMs`, so a slow request is never
 * cut off mid-fetch; with nothing in flight it lets the worker sleep.
 */
export function createKeepAlive(ping: () => unknown, everyMs = 20_000) {
  let inFlight = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    begin() {
      inFlight++;
      timer ??= setInterval(() => { try { void Promise.resolve(ping()).catch(() => undefined); } catch { /* ignore */ } }, everyMs);
    },
    end() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight === 0 && timer) { clearInterval(timer); timer = null; }
    },
    get inFlight() { return inFlight; },
  };
}
