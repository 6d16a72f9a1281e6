import { useCallback, useMemo } from 'react';
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ORG_ROLES, useKernel, useSession, type OrgRole } from '@kernel';

/** The roles a member of `caller` may give (docs/TEAMS.md, "Roles"): an owner any, an admin operators and viewers. */
export function assignableRoles(caller: OrgRole | undefined): OrgRole[] {
  if (caller === 'owner') return [...ORG_ROLES];
  if (caller === 'admin') return ['operator', 'viewer'];
  return [];
}

/** Whether a member of `caller` may change or remove a member of `target` (the server checks it too). */
export function mayManage(caller: OrgRole | undefined, target: OrgRole): boolean {
  return assignableRoles(caller).includes(target);
}

/** Owners and admins run the team: invitations, the policy, approvals, everyone's audit entries. */
export const runsTeam = (role: OrgRole | undefined): boolean => role === 'owner' || role === 'admin';

/** The server's words for a refusal, or the error's own. */
export function reasonOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A time as the operator reads it, in the page's language. */
export function useTimeText() {
  const { i18n } = useTranslation();
  return useCallback((iso: string | null | undefined) => {
    if (!iso) return '';
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(i18n.language);
  }, [i18n.language]);
}

export interface ActionChoice { value: string; label: string }

/**
 * What the policy and the audit search can name: each area of the loaded plugins that has actions
 * (`adaccount.*`), then its actions (`adaccount.rename`), in the operator's words (the titles the
 * jobs panel shows, src/kernel/runner/RunnerHost.tsx `actionTitle`).
 */
export function useActionChoices() {
  const { allPlugins } = useKernel();
  const { t } = useTranslation('team');
  const { i18n } = useTranslation();
  const choices = useMemo(() => {
    const out: ActionChoice[] = [];
    for (const p of [...allPlugins].sort((a, b) => a.order - b.order)) {
      if (p.actions.length === 0) continue;
      const area = String(i18n.t(p.titleKey, { ns: p.id }));
      out.push({ value: `${p.id}.*`, label: t('choices.wholeArea', { area }) });
      for (const a of p.actions) out.push({ value: a.id, label: `${area} · ${String(i18n.t(a.titleKey, { ns: a.pluginId }))}` });
    }
    return out;
  }, [allPlugins, i18n, i18n.language, t]);
  const labelOf = useCallback((value: string) => choices.find((c) => c.value === value)?.label ?? value, [choices]);
  return { choices, labelOf };
}

/**
 * Whether a person of the team is the signed-in user: by the user's id (the profile's `uid`), or by
 * the e-mail address when the profile has not come yet.
 */
export function useIsMe() {
  const { info } = useSession();
  const id = String(info?.uid ?? info?.id ?? '');
  const email = info?.email?.toLowerCase() ?? '';
  return useCallback((person: { userId: number; email: string }) => (id !== '' && String(person.userId) === id) || (email !== '' && person.email.toLowerCase() === email), [id, email]);
}

/** Words for roles. */
export function useRoleWord() {
  const { t } = useTranslation('team');
  return useCallback((role: OrgRole) => t(`roles.${role}`), [t]);
}

/** Shown by the screens that need a team when the page works on its own. */
export function NoTeam() {
  const { t } = useTranslation('team');
  return (
    <Callout intent="primary" title={t('noTeam.title')} data-team-no-team>
      {t('noTeam.body')}
    </Callout>
  );
}
