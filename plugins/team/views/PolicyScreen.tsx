import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, FormGroup, H4, HTMLSelect, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  API, POLICY_VERDICTS, apiGet, apiPost, useActiveOrg, useApi, type OrgPolicy, type PolicyVerdict, type RolePolicy,
} from '@kernel';
import { NoTeam, reasonOf, runsTeam, useActionChoices, useRoleWord } from './shared';
import './team.css';

/** The roles the policy names: an owner's jobs always run (protocol/org-policy.ts, `decideJob`). */
const POLICY_ROLES = ['admin', 'operator', 'viewer'] as const;
type PolicyRole = (typeof POLICY_ROLES)[number];

/** "needs approval above N items": empty is no limit, else a whole number of at least 0. */
function readLimit(text: string): number | null | 'bad' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : 'bad';
}

/** The team's action policy per role (docs/TEAMS.md, "Action policy"): owners and admins change it, others read it. */
export default function PolicyScreen() {
  const org = useActiveOrg();
  const { t } = useTranslation('team');
  return (
    <div className="tessera-team-screen" data-testid="team-policy">
      <h2 className="bp6-heading">{t('policy.heading')}</h2>
      <p className="bp6-text-muted" data-team-guard-rail>{t('policy.guardRail')}</p>
      {org ? <PolicyEditor key={org.id} editable={runsTeam(org.role)} /> : <NoTeam />}
    </div>
  );
}

function PolicyEditor({ editable }: { editable: boolean }) {
  const { t } = useTranslation('team');
  const api = useApi();
  const [policy, setPolicy] = useState<OrgPolicy | null>(null);
  const [limits, setLimits] = useState<Record<PolicyRole, string>>({ admin: '', operator: '', viewer: '' });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const show = (p: OrgPolicy) => {
    setPolicy(p);
    setLimits({ admin: p.admin.approvalAbove?.toString() ?? '', operator: p.operator.approvalAbove?.toString() ?? '', viewer: p.viewer.approvalAbove?.toString() ?? '' });
  };
  const load = useCallback(async () => {
    setLoadError(null);
    try { show(await apiGet(api, API.org.policy)); } catch (e) { setLoadError(reasonOf(e)); }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const change = (role: PolicyRole, patch: Partial<RolePolicy>) => {
    setSaved(false);
    setPolicy((p) => (p ? { ...p, [role]: { ...p[role], ...patch } } : p));
  };

  const save = async () => {
    if (!policy) return;
    const next = { ...policy };
    for (const role of POLICY_ROLES) {
      const limit = readLimit(limits[role]);
      if (limit === 'bad') { setProblem(t('policy.limitInvalid', { role: t(`roles.${role}`) })); return; }
      next[role] = { ...policy[role], approvalAbove: limit };
    }
    setBusy(true);
    setProblem(null);
    try {
      show(await apiPost(api, API.org.setPolicy, { policy: next }));
      setSaved(true);
    } catch (e) {
      setProblem(t('policy.saveFailed', { reason: reasonOf(e) }));
    } finally {
      setBusy(false);
    }
  };

  if (loadError) {
    return (
      <Callout intent="warning" title={t('loadFailed')} className="tessera-team-callout">
        {loadError}{' '}<Button small text={t('retry')} onClick={() => void load()} />
      </Callout>
    );
  }
  if (!policy) return <Spinner size={24} />;
  return (
    <div data-team-policy>
      {!editable && <Callout intent="primary" className="tessera-team-callout">{t('policy.readOnly')}</Callout>}
      {POLICY_ROLES.map((role) => (
        <RoleCard key={role} role={role} policy={policy[role]} editable={editable} limit={limits[role]}
          onLimit={(text) => { setSaved(false); setLimits((l) => ({ ...l, [role]: text })); }} onChange={(patch) => change(role, patch)} />
      ))}
      {problem && <Callout intent="danger" className="tessera-team-callout" data-team-error>{problem}</Callout>}
      {saved && <Callout intent="success" className="tessera-team-callout">{t('policy.saved')}</Callout>}
      {editable && <Button intent="primary" icon="floppy-disk" text={t('save')} loading={busy} onClick={() => void save()} data-testid="team-policy-save" />}
    </div>
  );
}

function RoleCard({ role, policy, editable, limit, onLimit, onChange }: {
  role: PolicyRole; policy: RolePolicy; editable: boolean; limit: string; onLimit: (text: string) => void; onChange: (patch: Partial<RolePolicy>) => void;
}) {
  const { t } = useTranslation('team');
  const roleWord = useRoleWord();
  const { choices, labelOf } = useActionChoices();
  const verdicts = POLICY_VERDICTS.map((v) => ({ value: v, label: t(`verdicts.${v}`) }));
  const free = choices.filter((c) => !(c.value in policy.actions));
  const [adding, setAdding] = useState('');
  const [addVerdict, setAddVerdict] = useState<PolicyVerdict>('approval');
  const pick = free.some((c) => c.value === adding) ? adding : free[0]?.value ?? '';
  const id = (what: string) => `team-policy-${role}-${what}`;
  const setAction = (action: string, verdict: PolicyVerdict | null) => {
    const actions = { ...policy.actions };
    if (verdict) actions[action] = verdict; else delete actions[action];
    onChange({ actions });
  };
  return (
    <Card className="tessera-team-policy-role" data-team-policy-role={role}>
      <H4>{roleWord(role)}</H4>
      <div className="tessera-team-policy-grid">
        <FormGroup label={t('policy.default')} labelFor={id('default')}>
          <HTMLSelect id={id('default')} value={policy.default} disabled={!editable} options={verdicts} onChange={(e) => onChange({ default: e.target.value as PolicyVerdict })} />
        </FormGroup>
        <FormGroup label={t('policy.irreversible')} labelFor={id('irreversible')}>
          <HTMLSelect id={id('irreversible')} value={policy.irreversible} disabled={!editable} options={verdicts} onChange={(e) => onChange({ irreversible: e.target.value as PolicyVerdict })} />
        </FormGroup>
        <FormGroup label={t('policy.approvalAbove')} labelFor={id('limit')} helperText={t('policy.approvalAboveHelp')}>
          <InputGroup id={id('limit')} value={limit} disabled={!editable} inputMode="numeric" placeholder={t('policy.noLimit')} onChange={(e) => onLimit(e.target.value)} />
        </FormGroup>
      </div>
      <p className="bp6-text-muted">{t('policy.overridesIntro')}</p>
      {Object.keys(policy.actions).length > 0 && (
        <HTMLTable compact striped className="tessera-team-table">
          <thead><tr><th>{t('policy.action')}</th><th>{t('policy.verdict')}</th><th /></tr></thead>
          <tbody>
            {Object.entries(policy.actions).map(([action, verdict]) => (
              <tr key={action} data-team-policy-action={action}>
                <td>{labelOf(action)}</td>
                <td>
                  <HTMLSelect value={verdict} disabled={!editable} options={verdicts} aria-label={t('policy.verdictOf', { action: labelOf(action) })}
                    onChange={(e) => setAction(action, e.target.value as PolicyVerdict)} />
                </td>
                <td>{editable && <Button small minimal icon="cross" text={t('policy.removeOverride')} onClick={() => setAction(action, null)} />}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {editable && free.length > 0 && (
        <div className="tessera-team-search">
          <FormGroup label={t('policy.addAction')} labelFor={id('add')}>
            <HTMLSelect id={id('add')} value={pick} options={free} onChange={(e) => setAdding(e.target.value)} />
          </FormGroup>
          <FormGroup label={t('policy.verdict')} labelFor={id('add-verdict')}>
            <HTMLSelect id={id('add-verdict')} value={addVerdict} options={verdicts} onChange={(e) => setAddVerdict(e.target.value as PolicyVerdict)} />
          </FormGroup>
          <Button icon="add" text={t('policy.add')} disabled={!pick} onClick={() => setAction(pick, addVerdict)} data-team-policy-add={role} />
        </div>
      )}
    </Card>
  );
}
