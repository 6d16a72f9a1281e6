import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Drawer, DrawerSize, FormGroup, H5, HTMLSelect, HTMLTable, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  API, APPROVAL_STATUSES, apiGet, apiPost, useActiveOrg, useApi,
  type ApprovalStatus, type ApprovalView, type OrgRole, type Page,
} from '@kernel';
import { NoTeam, reasonOf, runsTeam, useActionChoices, useIsMe, useTimeText } from './shared';
import { paramLines } from './audit-model';
import './team.css';

const PAGE_SIZE = 50;
const STATUS_INTENT: Record<ApprovalStatus, 'primary' | 'success' | 'danger' | 'none'> = { pending: 'primary', approved: 'success', rejected: 'danger', cancelled: 'none', used: 'none' };

/**
 * Jobs waiting for an owner's or admin's approval (docs/TEAMS.md, "Approvals"): they see the team's,
 * everyone else their own. Every text here is the platform's or a person's: rendered as text, never HTML.
 */
export default function ApprovalsScreen() {
  const org = useActiveOrg();
  const { t } = useTranslation('team');
  return (
    <div className="tessera-team-screen" data-testid="team-approvals">
      <h2 className="bp6-heading">{t('approvals.heading')}</h2>
      {org ? <Approvals key={org.id} role={org.role} /> : <NoTeam />}
    </div>
  );
}

function Approvals({ role }: { role: OrgRole }) {
  const { t } = useTranslation('team');
  const api = useApi();
  const timeText = useTimeText();
  const { labelOf } = useActionChoices();
  const [status, setStatus] = useState<ApprovalStatus | ''>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<ApprovalView> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const load = useCallback(async () => {
    setProblem(null);
    try {
      setPage(await apiGet(api, API.org.approvals, { query: { ...(status ? { status } : {}), page: pageNo, pageSize: PAGE_SIZE } }));
    } catch (e) {
      setProblem(t('approvals.failed', { reason: reasonOf(e) }));
    }
  }, [api, status, pageNo, t]);
  useEffect(() => { void load(); }, [load]);

  const replace = (next: ApprovalView) => setPage((p) => (p ? { ...p, list: p.list.map((a) => (a.id === next.id ? next : a)) } : p));
  const open = page?.list.find((a) => a.id === openId) ?? null;
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1;

  return (
    <div data-team-approvals>
      <p className="bp6-text-muted">{t(runsTeam(role) ? 'approvals.introAdmin' : 'approvals.introMember')}</p>
      <div className="tessera-team-search">
        <FormGroup label={t('approvals.status')} labelFor="team-approvals-status">
          <HTMLSelect id="team-approvals-status" value={status} onChange={(e) => { setStatus(e.target.value as ApprovalStatus | ''); setPageNo(1); }}
            options={[{ value: '', label: t('approvals.anyStatus') }, ...APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} />
        </FormGroup>
        <Button icon="refresh" text={t('refresh')} onClick={() => void load()} />
      </div>
      {problem && <Callout intent="danger" className="tessera-team-callout" data-team-error>{problem}</Callout>}
      {!page && !problem && <Spinner size={24} />}
      {page && (page.list.length === 0 ? <p>{t('approvals.empty')}</p> : (
        <HTMLTable compact striped interactive className="tessera-team-table" data-team-approval-table>
          <thead><tr>
            <th>{t('approvals.colAsked')}</th><th>{t('approvals.colRequester')}</th><th>{t('approvals.colAction')}</th>
            <th>{t('approvals.colItems')}</th><th>{t('approvals.colReason')}</th><th>{t('approvals.colStatus')}</th>
          </tr></thead>
          <tbody>
            {page.list.map((a) => (
              <tr key={a.id} data-team-approval={a.id} onClick={() => setOpenId(a.id)} tabIndex={0} onKeyDown={(e) => { if (e.key === 'Enter') setOpenId(a.id); }}>
                <td>{timeText(a.createdAt)}</td>
                <td>{a.requester.name || a.requester.email}</td>
                <td>{labelOf(a.action)}</td>
                <td>{a.items.length}</td>
                <td>{t(`reasons.${a.reason}`)}</td>
                <td><Tag minimal intent={STATUS_INTENT[a.status]}>{t(`statuses.${a.status}`)}</Tag></td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ))}
      {page && pages > 1 && (
        <div className="tessera-team-paging">
          <Button small icon="chevron-left" text={t('previous')} disabled={pageNo <= 1} onClick={() => setPageNo((n) => n - 1)} />
          <span>{t('pageOf', { page: pageNo, pages })}</span>
          <Button small rightIcon="chevron-right" text={t('next')} disabled={pageNo >= pages} onClick={() => setPageNo((n) => n + 1)} />
        </div>
      )}
      <Drawer isOpen={open !== null} onClose={() => setOpenId(null)} size={DrawerSize.STANDARD} title={open ? labelOf(open.action) : ''}>
        {open && <ApprovalDetail approval={open} role={role} onChanged={replace} />}
      </Drawer>
    </div>
  );
}

function ApprovalDetail({ approval: a, role, onChanged }: { approval: ApprovalView; role: OrgRole; onChanged: (next: ApprovalView) => void }) {
  const { t } = useTranslation('team');
  const api = useApi();
  const isMe = useIsMe();
  const timeText = useTimeText();
  const mine = isMe(a.requester);
  const mayDecide = a.status === 'pending' && runsTeam(role) && !mine;
  const mayCancel = a.status === 'pending' && mine;
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (work: () => Promise<ApprovalView>) => {
    setBusy(true);
    setProblem(null);
    try { onChanged(await work()); } catch (e) { setProblem(reasonOf(e)); } finally { setBusy(false); }
  };
  const params = paramLines(a.params);
  return (
    <div className="bp6-drawer-body" data-team-approval-detail={a.id}>
      <div className="bp6-dialog-body">
        <p><Tag minimal intent={STATUS_INTENT[a.status]}>{t(`statuses.${a.status}`)}</Tag> {t(`reasons.${a.reason}`)}</p>
        <p>{t('approvals.askedBy', { name: a.requester.name || a.requester.email, at: timeText(a.createdAt) })}</p>
        <p>{t('approvals.identity', { fbid: a.fbid })}</p>
        <p data-team-approval-items>{t('approvals.items', { count: a.items.length })}</p>
        {a.decidedBy && <p>{t('approvals.decidedBy', { name: a.decidedBy.name || a.decidedBy.email, at: timeText(a.decidedAt) })}</p>}
        {a.comment && <p>{t('approvals.commentWas', { comment: a.comment })}</p>}
        <H5>{t('approvals.params')}</H5>
        {params.length === 0 ? <p className="bp6-text-muted">{t('approvals.noParams')}</p> : <ul className="tessera-team-changes">{params.map((l) => <li key={l}>{l}</li>)}</ul>}
        <H5>{t('approvals.dryRun')}</H5>
        {a.dryRun.length === 0 ? <p className="bp6-text-muted">{t('approvals.noDryRun')}</p> : (
          <HTMLTable compact striped className="tessera-team-table" data-team-dry-run>
            <thead><tr><th>{t('approvals.colObject')}</th><th>{t('approvals.colChanges')}</th></tr></thead>
            <tbody>
              {a.dryRun.map((row) => (
                <tr key={row.id} data-team-dry-row={row.id}>
                  <td>{row.name ? (row.name.includes(row.id) ? row.name : `${row.name} (${row.id})`) : row.id}</td>
                  <td>
                    {row.skip ? <span className="bp6-text-muted">{t('approvals.skipped', { reason: row.skip })}</span> : (
                      <ul className="tessera-team-changes">{row.changes.map((c, i) => <li key={`${c.field}:${i}`}>{c.field || c.from ? `${c.field}: ${c.from} → ${c.to}` : c.to}</li>)}</ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {problem && <Callout intent="danger" className="tessera-team-callout" data-team-error>{t('approvals.refused', { reason: problem })}</Callout>}
        {mayDecide && (
          <div data-team-decide>
            <FormGroup label={t('approvals.comment')} labelFor="team-approval-comment">
              <TextArea id="team-approval-comment" fill value={comment} onChange={(e) => setComment(e.target.value)} />
            </FormGroup>
            <Button intent="success" icon="tick" text={t('approvals.approve')} loading={busy}
              onClick={() => void send(() => apiPost(api, API.org.decide, { id: a.id, approve: true, comment: comment.trim() }))} data-testid="team-approve" />{' '}
            <Button intent="danger" icon="cross" text={t('approvals.reject')} loading={busy}
              onClick={() => void send(() => apiPost(api, API.org.decide, { id: a.id, approve: false, comment: comment.trim() }))} data-testid="team-reject" />
          </div>
        )}
        {mine && a.status === 'pending' && runsTeam(role) && <p className="bp6-text-muted">{t('approvals.notOwn')}</p>}
        {mayCancel && <Button icon="disable" text={t('approvals.cancelRequest')} loading={busy} onClick={() => void send(() => apiPost(api, API.org.cancelApproval, { id: a.id }))} data-testid="team-cancel-request" />}
      </div>
    </div>
  );
}
