import mitt, { type Emitter } from 'mitt';

/** Every event on the kernel bus, with its payload. Names follow `<noun>:<verb-ed>`. */
export type KernelEvents = {
  /** A tile (or screen) changed its selection; tiles that follow it filter by these ids. */
  /** `pool`: every object of the list the selection was made in (a file's lines are matched among them). */
  'selection:changed': { sourceTileId: string; rowType: string; ids: readonly string[]; items?: readonly { id: string; [key: string]: unknown }[]; pool?: () => readonly { id: string; [key: string]: unknown }[] };
  /** Opens the command palette (the actions on the current selection). */
  'palette:opened': undefined;
  /** Opens the jobs panel (the dashboard's figure of jobs that failed or were interrupted). */
  'jobs:opened': undefined;
  'locale:changed': { locale: string };
  'theme:changed': { theme: 'light' | 'dark' };
  'workspace:saved': { name: string };
  'workspace:opened': { name: string };
  'tile:closed': { tileId: string };
  'plugin:refused': { source: string; id?: string; message: string };
  'session:expired': { code: number };
  'toast:shown': { message: string; intent: 'primary' | 'success' | 'warning' | 'danger' | 'none' };
  'job:started': { jobId: string; actionId: string; total: number };
  'job:finished': { jobId: string; actionId: string; status: string; done: number; failed: number; skipped: number };
  /** A platform session problem (token, checkpoint, policy block) paused every job. */
  'runner:needs-operator': { message: string };
  /** The platform no longer serves the configured Graph version (#2635): every job paused until an admin sets one. */
  'runner:version-retired': { message: string };
  /**
   * The runner cannot save its jobs: `failed`, saving a write's in-flight record failed (the write was
   * not sent, its job paused); `unavailable`, this browser keeps no jobs at all (a reload loses them).
   */
  'runner:cannot-persist': { reason: 'failed' | 'unavailable'; message: string };
  /** The leader tab ran a round of scheduled checks (the dashboard's last-check card re-reads); the settings screen asks for one with `watch:checks-changed`. */
  'watch:checks-ran': undefined;
  'watch:checks-changed': undefined;
};

export type KernelBus = Emitter<KernelEvents>;

export function createBus(): KernelBus {
  return mitt<KernelEvents>();
}
