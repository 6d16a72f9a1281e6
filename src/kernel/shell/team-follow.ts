import type { i18n as I18n } from 'i18next';
import type { Intent } from '@blueprintjs/core';
import { activeOrg, setActiveOrg, type ActiveOrg, type OrgRemoval } from '../core/active-org';
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

interface Follower {
  runner: Pick<RunnerControl, 'jobs'> | null;
  changed(): void;
  removed(removal: OrgRemoval): void;
}

/** One follower per page (src/kernel/shell/TeamSwitcher.tsx `TeamFollower` names it by an object of its own). */
const followers = new WeakMap<object, Follower>();

/**
 * What the page does about a change of team (`removal` absent) or a removal the server reported. The
 * first call for a page also says what a reload into another team carried over.
 */
export function follow(page: { org: number | null }, runner: Pick<RunnerControl, 'jobs'>, i18n: I18n, removal?: OrgRemoval): void {
  let follower = followers.get(page);
  if (!follower) {
    followers.set(page, (follower = createFollower(page.org, i18n)));
    const notice = takeNotice();
    if (notice) void showToast(notice.text, notice.intent, 10_000);
  }
  // the latest runner (the leader tab's, or a follower's that asks it) decides whether a job runs
  follower.runner = runner;
  if (removal) follower.removed(removal);
  else follower.changed();
}


/**
 * Follows the active team for a page whose data was read in `pageOrg`. A change and the removal that
 * caused it arrive one after the other (src/kernel/core/active-org.ts `reportNotMember` leaves the team,
 * then tells): they are taken together, once both are in.
 */
function createFollower(pageOrg: number | null, i18n: I18n): Follower {
  let known = pageOrg;
  let removal: OrgRemoval | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const settle = async () => {
    timer = null;
    const now = activeOrg();
    const nowId = now?.id ?? null;
    const removed = removal;
    removal = null;
    await loadAllStrings(i18n);
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
    if (follower.runner && runningJobs(follower.runner) > 0) {
      void showToast(t('teamSwitcher.reloadWhenDone', { notice: notice.text }), 'warning', 0);
      return;
    }
    reloadPage(notice);
  };
  const schedule = () => {
    if (timer === null) timer = setTimeout(() => void settle(), 0);
  };

  const follower: Follower = {
    runner: null,
    changed: schedule,
    removed(r) {
      removal = r;
      schedule();
    },
  };
  return follower;
}
