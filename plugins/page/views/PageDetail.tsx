import { Callout, Drawer, H5, HTMLTable, Spinner } from '@blueprintjs/core';
import { codeWord, EvidenceButton, formatCount, ObjectActions, SectionView, useBridge, useSections, useSettings, ObjectHistory } from '@kernel';
import { useTranslation } from 'react-i18next';
import { listRoles, pageExtended, type PageRole } from '../api';
import type { Page, PageExtended } from '../types';
import type { PageItem } from '../checks';
import { createdDay } from '../columns';


/** One page in a side panel: its actions, its list fields, the extended read and its roles (platform text as text). */
export function PageDetail({ page, item, onClose }: { page: Page | null; item: PageItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('page');
  const count = (n: number | undefined) => formatCount(n, i18n.language);
  const dark = useSettings().theme === 'dark';
  const bridge = useBridge();
  const id = page?.id ?? '';
  const { ext, roles } = useSections<{ ext: PageExtended; roles: PageRole[] }>(page?.id ?? null, 'page', () => ({
    ext: (signal) => pageExtended(bridge, id, { signal }),
    roles: (signal) => listRoles(bridge, id, { signal }),
  }));

  const p = page;
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('yes') : t('no'));
  // a worded platform value carries its code, for the cell's tooltip
  const rows: [string, string, string?][] = p ? [
    [t('columns.id'), p.id],
    [t('columns.name'), p.name],
    [t('columns.category'), p.category ?? ''],
    [t('columns.fans'), count(p.fan_count)],
    [t('columns.verification'), codeWord(t, 'verification', p.verification_status), p.verification_status],
    [t('columns.published'), yesNo(p.is_published)],
    [t('columns.promotion'), yesNo(p.promotion_eligible)],
    [t('columns.created'), createdDay(p.page_created_time)],
    [t('columns.tasks'), (p.tasks ?? []).map((x) => codeWord(t, 'tasks', x)).join(', '), (p.tasks ?? []).join(', ')],
    [t('detail.link'), p.link ?? ''],
  ] : [];
  const e = ext.state === 'ready' ? ext.data : null;
  const extRows: [string, string, string?][] = e ? [
    [t('detail.additionalProfile'), e.additional_profile_id ?? ''],
    [t('detail.location'), [e.location?.city, e.location?.country].filter(Boolean).join(', ')],
    [t('detail.website'), e.website ?? ''],
    [t('detail.phone'), e.phone ?? ''],
    [t('detail.emails'), (e.emails ?? []).join(', ')],
    [t('columns.business'), e.business ? `${e.business.name ?? ''} (${e.business.id})` : t('detail.noBusiness')],
    [t('detail.likes'), count(e.likes)],
    [t('detail.countryLikes'), count(e.country_page_likes)],
    [t('detail.ineligibleReason'), codeWord(t, 'ineligibleReason', e.promotion_ineligible_reason), e.promotion_ineligible_reason],
  ] : [];

  return (
    <Drawer isOpen={p !== null} onClose={onClose} title={p?.name ?? ''} icon="document" size={720} className={dark ? 'bp6-dark' : undefined}>
      {p && (
        <div className="page-detail" data-testid="page-detail">
          {item && <ObjectActions rowType="page" item={item} />}
          <div className="page-evidence">
            <EvidenceButton type="page" id={p.id} name={p.name} prominent={p.is_published === false}
              current={typeof p.is_published === 'boolean' ? { published: p.is_published } : {}} />
          </div>
          <Table rows={rows} />
          <H5>{t('detail.extended')}</H5>
          {ext.state === 'loading' && <Spinner size={16} />}
          {ext.state === 'error' && <Callout intent="danger" compact className="tessera-pre">{ext.message}</Callout>}
          {e && <div data-testid="page-detail-extended"><Table rows={extRows} /></div>}
          <H5>{t('detail.roles')}</H5>
          <SectionView section={roles} testId="page-detail-roles" head={[t('columns.id'), t('columns.name'), t('columns.tasks')]}
            row={(r) => [r.id, r.name, r.tasks.map((x) => codeWord(t, 'tasks', x)).join(', ')]} />
          <H5>{t('detail.changes')}</H5>
          <ObjectHistory type="page" id={p.id} />
        </div>
      )}
    </Drawer>
  );
}

function Table({ rows }: { rows: [string, string, string?][] }) {
  return (
    <HTMLTable compact striped className="page-detail-table">
      <tbody>{rows.filter(([, v]) => v !== '').map(([k, v, code]) => <tr key={k}><th>{k}</th><td className="tessera-pre" title={code || undefined}>{v}</td></tr>)}</tbody>
    </HTMLTable>
  );
}
