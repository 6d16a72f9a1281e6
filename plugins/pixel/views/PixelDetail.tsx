import { Callout, Drawer, H5, HTMLTable } from '@blueprintjs/core';
import { codeWord, ObjectActions, SectionView, useSettings, ObjectHistory } from '@kernel';
import { useTranslation } from 'react-i18next';
import type { Pixel } from '../types';
import { toItem } from '../checks';
import { roleLabel, shortTime } from '../columns';
import { usePixelDetail } from './use-pixel-detail';


/** One pixel in a side panel: its actions, its fields, shared accounts (admins only), people, partners and the accounts it can go to (platform text as text). */
export function PixelDetail({ pixel, onClose }: { pixel: Pixel | null; onClose: () => void }) {
  const { t } = useTranslation('pixel');
  const dark = useSettings().theme === 'dark';
  const detail = usePixelDetail(pixel);
  const p = pixel;
  // a worded platform value carries its code, for the cell's tooltip
  const rows: [string, string, string?][] = p ? [
    [t('columns.id'), p.id],
    [t('columns.name'), p.name],
    [t('columns.type'), codeWord(t, 'type', p.type), p.type],
    [t('columns.business'), p.business ? `${p.business.name} (${p.business.id})` : ''],
    [t('columns.relation'), `${p.relation_business.name} (${p.relation_business.id})`],
    [t('columns.bmrole'), roleLabel(p, t), p.bmrole],
    [t('columns.canShare'), p.can_share ? t('yes') : t('no')],
    [t('columns.lastFired'), shortTime(p.last_fired_time)],
    [t('columns.created'), shortTime(p.creation_time).slice(0, 10)],
  ] : [];
  const kind = (k: string) => codeWord(t, 'detail.backing', k);
  const tasks = (list: readonly string[]) => list.map((k) => codeWord(t, 'actions.assignUsers.enum.tasks', k)).join(', ');

  return (
    <Drawer isOpen={p !== null} onClose={onClose} title={p?.name ?? ''} icon="locate" size={720} className={dark ? 'bp6-dark' : undefined}>
      {p && (
        <div className="pixel-detail" data-testid="pixel-detail">
          <ObjectActions rowType="pixel" item={toItem(p)} />
          <HTMLTable compact striped className="pixel-detail-table">
            <tbody>{rows.filter(([, v]) => v !== '').map(([k, v, code]) => <tr key={k}><th>{k}</th><td className="tessera-pre" title={code || undefined}>{v}</td></tr>)}</tbody>
          </HTMLTable>

          <H5>{t('detail.shared')}</H5>
          {detail.shared.state === 'hidden'
            ? <Callout compact data-testid="pixel-detail-shared-hidden">{t('detail.sharedAdminsOnly')}</Callout>
            : <SectionView section={detail.shared} testId="pixel-detail-shared" head={[t('detail.accountId'), t('columns.name')]} row={(a) => [a.account_id, a.name]} />}

          <H5>{t('detail.admins')}</H5>
          <SectionView section={detail.admins} testId="pixel-detail-admins" head={[t('columns.id'), t('columns.name'), t('detail.kind'), t('detail.tasks')]}
            row={(u) => [u.id, u.name, kind(u.backing_user_type), tasks(u.tasks)]} />

          <H5>{t('detail.partners')}</H5>
          <SectionView section={detail.partners} testId="pixel-detail-partners" head={[t('columns.id'), t('columns.name'), t('detail.tasks')]}
            row={(b) => [b.id, b.name, tasks(b.permitted_tasks)]} />

          <H5>{t('detail.permissible')}</H5>
          <SectionView section={detail.permissible} testId="pixel-detail-permissible" head={[t('detail.accountId'), t('columns.name'), t('detail.relationship')]}
            row={(a) => [a.account_id, a.name, codeWord(t, 'detail.relation', a.relationship)]} />

          <H5>{t('detail.candidates')}</H5>
          <SectionView section={detail.candidates} testId="pixel-detail-candidates" head={[t('columns.id'), t('columns.name'), t('detail.kind'), t('detail.role')]}
            row={(c) => [c.id, c.name, kind(c.backing_user_type), codeWord(t, 'bmrole', c.role.toLowerCase())]} />

          <H5>{t('detail.changes')}</H5>
          <ObjectHistory type="pixel" id={p.id} />
        </div>
      )}
    </Drawer>
  );
}
