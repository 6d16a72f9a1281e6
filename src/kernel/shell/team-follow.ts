import type { i18n as I18n } from 'i18next';
import type { Intent } from '@blueprintjs/core';
import { activeOrg, setActiveOrg, type ActiveOrg, type OrgRemoval } from '../api/active-org';
import { showToast } from '../core/toaster';
import { loadAllStrings } from '../i18n';
import type { RunnerControl } from '../runner/tabs/remote-runner';
import { TEAM_NOTICE_KEY } from './TeamSwitcher';

/*
 * Switching teams and following a switch made elsewhere (docs/TEAMS.md, "Scope"). Every screen, list and
 * workspace reads its data in the active team, so a change reloads the page: it then reads the new
 * team's. Never while this browser runs a job (the runner's job store, shared by the tabs of the page:
 * src/kernel/runner/job-store.ts): a job keeps running in the team it started in, and a reload would
 * interrupt it. Loaded on the team menu's first use, or when a change happens.
 */

/** The jobs of this browser that are running now (paused or finished ones do not hold a switch back). */
export function runningJobs(runner: Pick<RunnerControl, 'jobs'>): number {
  return runner.jobs().filter((job) => job.status === 'running').length;
}

/** The team this tab switched to (undefined: none): it reloads itself, its follower has nothing to do. */
let switchingTo: number | null | undefined;

/** Reloads the page's data; `notice` is said once the page is back. */
function reloadPage(notice?: { text: string; intent: Intent }): void {
  if (notice) {
    try {
      sessionStorage.setItem(TEAM_NOTICE_KEY, JSON.stringify(notice));
    } catch { /* storage full or off: the reload still happens, without the words */ }
  }
  window.location.reload();
}

/**
 * Works in `org` (null: the operator's own work) from now on, in every tab, and reloads the page. Refused
 * (false) while a job runs in this browser; true when switched, or when `org` is already the active one.
 */
export function switchTeam(runner: Pick<RunnerControl, 'jobs'>, org: ActiveOrg | null): boolean {
  if ((activeOrg()?.id ?? null) === (org?.id ?? null)) return true;
  if (runningJobs(runner) > 0) return false;
  switchingTo = org?.id ?? null;
  setActiveOrg(org ? { id: org.id, name: org.name, role: org.role } : null);
  reloadPage();
  return true;
}

/** What a reload into another team carried over (reloadPage), once; null when nothing (or nothing readable). */
function takeNotice(): { text: string; intent: Intent } | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(TEAM_NOTICE_KEY) ?? 'null') as { text?: unknown; intent?: unknown } | null;
    sessionStorage.removeItem(TEAM_NOTICE_KEY);
    if (!stored || typeof stored.text !== 'string' || !stored.text) return null;
    return { text: stored.text, intent: stored.intent === 'warning' ? 'warning' : 'primary' };
  } catch {
    return null;
  }
}

export interface TeamFollower {
  /** The active team changed (in this tab or another). */
  changed(): void;
  /** The server said the operator is no longer a member of a team. */
  removed(removal: OrgRemoval): void;
  /** Says what a reload into another team carried over, once. */
  showNotice(): void;
  dispose(): void;
}

/**
 * Follows the active team for a page whose data was read in `pageOrg`. A change and the removal that
 * caused it arrive one after the other (src/kernel/api/active-org.ts `reportNotMember` leaves the team,
 * then tells): they are taken together, once both are in.
 */
export function createFollower(pageOrg: number | null, runner: () => Pick<RunnerControl, 'jobs'>, i18n: I18n): TeamFollower {
  let known = pageOrg;
  let removal: OrgRemoval | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  const settle = async () => {
    timer = null;
    const now = activeOrg();
    const nowId = now?.id ?? null;
    const removed = removal;
    removal = null;
    await loadAllStrings(i18n);
    if (disposed) return;
    const t = i18n.t.bind(i18n);
    if (nowId === known) {
      // a team the page does not work in (a job's records sent to it): said, nothing to reload
      if (removed) void showToast(t('teamSwitcher.removedOther', { name: removed.org.name || `#${removed.org.id}` }), 'warning', 0);
      return;
    }
    known = nowId;
    if (switchingTo !== undefined) {
      const own = switchingTo === nowId;
      switchingTo = undefined;
      if (own) return;
    }
    const notice = removed && removed.org.id !== nowId
      ? { text: t('teamSwitcher.removed', { name: removed.org.name || `#${removed.org.id}` }), intent: 'warning' as const }
      : { text: now ? t('teamSwitcher.changedTo', { name: now.name }) : t('teamSwitcher.changedToOwn'), intent: 'primary' as const };
    if (runningJobs(runner()) > 0) {
      void showToast(t('teamSwitcher.reloadWhenDone', { notice: notice.text }), 'warning', 0);
      return;
    }
    reloadPage(notice);
  };
  const schedule = () => {
    if (!disposed && timer === null) timer = setTimeout(() => void settle(), 0);
  };

  return {
    changed: schedule,
    removed(r) {
      removal = r;
      schedule();
    },
    showNotice() {
      const notice = takeNotice();
      if (notice) void showToast(notice.text, notice.intent, 10_000);
    },
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
