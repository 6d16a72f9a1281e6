import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, apiGet, useActiveOrg, useApi, type AuditEntry, type AuditQuery, type OrgMemberView, type Page } from '@kernel';
import { reasonOf, useActionChoices, useTimeText } from './shared';
import { EMPTY_AUDIT_FORM, auditQuery, changeLines, paramLines, type AuditForm } from './audit-model';
import { downloadAuditCsv } from './audit-export';
import './team.css';

const PAGE_SIZE = 50;

/** The audit log (docs/TEAMS.md, "The audit log"): who wrote what, when, as which platform identity, and how it ended. */
export default function AuditScreen() {
  const org = useActiveOrg();
  // another team (switched here or in another tab) starts the search over
  return <AuditLog key={org?.id ?? 0} />;
}

function AuditLog() {
  const { t, i18n } = useTranslation('team');
  const api = useApi();
  const org = useActiveOrg();
  const timeText = useTimeText();
  const { choices, labelOf } = useActionChoices();
  const [members, setMembers] = useState<OrgMemberView[]>([]);
  const [form, setForm] = useState<AuditForm>(EMPTY_AUDIT_FORM);
  const [query, setQuery] = useState<AuditQuery>({});
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<(Page<AuditEntry> & { totalCapped?: boolean }) | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (!org) { setMembers([]); return; }
    let live = true;
    apiGet(api, API.org.members).then((list) => { if (live) setMembers(list); }, () => { /* the person is then typed nowhere: the search still works */ });
    return () => { live = false; };
  }, [api, org]);

  const search = useCallback(async (q: AuditQuery, n: number) => {
    setLoading(true);
    setProblem(null);
    try {
      setPage(await apiGet(api, API.audit.search, { query: { ...q, page: n, pageSize: PAGE_SIZE } }));
    } catch (e) {
      setProblem(t('audit.failed', { reason: reasonOf(e) }));
    } finally {
      setLoading(false);
    }
  }, [api, t]);
  useEffect(() => { void search(query, pageNo); }, [search, query, pageNo]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(auditQuery(form));
    setPageNo(1);
  };
  // the search whose entries are shown, as the CSV's rows
  const exportCsv = async () => {
    setExporting(true);
    setProblem(null);
    try { await downloadAuditCsv(query, org?.id, i18n.language); } catch (e) { setProblem(t('audit.exportFailed', { reason: reasonOf(e) })); } finally { setExporting(false); }
  };
  const field = (key: keyof AuditForm) => ({ value: form[key], onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })) });
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1;
  const more = page ? (page.totalCapped ? page.list.length === PAGE_SIZE : pageNo < pages) : false;

  return (
    <div className="tessera-team-screen" data-testid="team-audit">
      <h2 className="bp6-heading">{t('audit.heading')}</h2>
      <p className="bp6-text-muted">{t(org ? 'audit.introTeam' : 'audit.introOwn', { team: org?.name })}</p>
      <form className="tessera-team-search" onSubmit={submit} data-team-audit-form>
        <FormGroup label={t('audit.object')} labelFor="team-audit-object">
          <InputGroup id="team-audit-object" {...field('object')} />
        </FormGroup>
        {org && (
          <FormGroup label={t('audit.person')} labelFor="team-audit-person">
            <HTMLSelect id="team-audit-person" {...field('actor')}
              options={[{ value: '', label: t('audit.anyone') }, ...members.map((m) => ({ value: String(m.userId), label: m.name ? `${m.name} (${m.email})` : m.email }))]} />
          </FormGroup>
        )}
        <FormGroup label={t('audit.action')} labelFor="team-audit-action">
          <HTMLSelect id="team-audit-action" {...field('action')} options={[{ value: '', label: t('audit.anyAction') }, ...choices]} />
        </FormGroup>
        <FormGroup label={t('audit.since')} labelFor="team-audit-since">
          <InputGroup id="team-audit-since" type="date" {...field('since')} />
        </FormGroup>
        <FormGroup label={t('audit.until')} labelFor="team-audit-until">
          <InputGroup id="team-audit-until" type="date" {...field('until')} />
        </FormGroup>
        <Button type="submit" intent="primary" icon="search" text={t('audit.search')} data-testid="team-audit-search" />
        <Button icon="download" text={t('audit.export')} loading={exporting} onClick={() => void exportCsv()} data-testid="team-audit-export" />
      </form>
      {problem && <Callout intent="danger" className="tessera-team-callout" data-team-error>{problem}</Callout>}
      {loading && !page && <Spinner size={24} />}
      {page && (
        <section>
          <p className="bp6-text-muted" data-team-audit-total>{t(page.totalCapped ? 'audit.totalAtLeast' : 'audit.total', { count: page.total })}</p>
          {page.list.length === 0 ? <p>{t('audit.empty')}</p> : (
            <HTMLTable compact striped className="tessera-team-table" data-team-audit-table>
              <thead><tr>
                <th>{t('audit.colTime')}</th><th>{t('audit.colPerson')}</th><th>{t('audit.colIdentity')}</th><th>{t('audit.colAction')}</th>
                <th>{t('audit.colObject')}</th><th>{t('audit.colOutcome')}</th><th>{t('audit.colChange')}</th><th>{t('audit.colParams')}</th>
              </tr></thead>
              <tbody>
                {page.list.map((e) => (
                  <tr key={`${e.job}/${e.item}/${e.attempt}/${e.object}`} data-team-audit-entry>
                    <td className="tessera-team-nowrap">{timeText(e.at)}</td>
                    <td>{e.actor.name || e.actor.email}</td>
                    <td className="tessera-team-nowrap">{e.fbid}</td>
                    <td>{labelOf(e.action)}</td>
                    <td className="tessera-team-nowrap">{e.object}</td>
                    <td className="tessera-team-nowrap">{t(`outcomes.${e.outcome}`, { defaultValue: e.outcome })}</td>
                    <td><ul className="tessera-team-changes">{changeLines(e).map((line) => <li key={line}>{line}</li>)}</ul></td>
                    <td><ul className="tessera-team-changes">{paramLines(e.params).map((line) => <li key={line}>{line}</li>)}</ul></td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <div className="tessera-team-paging">
            <Button small icon="chevron-left" text={t('previous')} disabled={pageNo <= 1 || loading} onClick={() => setPageNo((n) => n - 1)} />
            <span>{t(page.totalCapped ? 'pageOnly' : 'pageOf', { page: pageNo, pages })}</span>
            <Button small rightIcon="chevron-right" text={t('next')} disabled={!more || loading} onClick={() => setPageNo((n) => n + 1)} data-testid="team-audit-next" />
          </div>
        </section>
      )}
    </div>
  );
}
