import { Drawer, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { codeWord, EvidenceButton, formatCount, ObjectActions, SectionView, useSettings, useVocabulary, ObjectHistory } from '@kernel';
import { useTranslation } from 'react-i18next';
import type { Business } from '../types';
import type { BusinessItem } from '../checks';
import { clientCount, createdDay, myRole, ownedCount, userCount } from '../columns';
import { useBusinessDetail } from './use-business-detail';


/** One business in a side panel: its actions, its fields, people, pending invitations, partners, asset groups and ad accounts (platform text as text). */
export function BusinessDetail({ business, item, onClose }: { business: Business | null; item: BusinessItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('bm');
  // the ad-account statuses as the ad-account area words them (its manifest's vocabulary "accountStatus")
  const accountStatus = useVocabulary('accountStatus');
  const count = (n: number) => formatCount(n, i18n.language);
  const dark = useSettings().theme === 'dark';
  const detail = useBusinessDetail(business?.id ?? null);
  const b = business;
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('yes') : t('no'));
  // a worded platform value carries its code, for the cell's tooltip
  const rows: [string, string, string?][] = b ? [
    [t('columns.id'), b.id],
    [t('columns.name'), b.name],
    [t('columns.verification'), codeWord(t, 'verification', b.verification_status), b.verification_status],
    [t('columns.bmtype'), b.bmtype],
    [t('columns.restricted'), b.isRestricted ? t(`restricted.${b.isRestricted}`) : ''],
    [t('columns.integrityDisabled'), yesNo(b.is_disabled_for_integrity_reasons)],
    [t('columns.extendedCredit'), yesNo(b.can_use_extended_credit)],
    [t('columns.sharing'), codeWord(t, 'sharing', b.sharing_eligibility_status), b.sharing_eligibility_status],
    [t('columns.owned'), count(ownedCount(b))],
    [t('columns.client'), count(clientCount(b))],
    [t('columns.users'), count(userCount(b))],
    [t('columns.myRole'), myRole(b, t), (b.permitted_roles ?? []).join(', ')],
    [t('columns.created'), createdDay(b.created_time)],
    [t('columns.createdBy'), b.created_by?.name ?? b.created_by?.id ?? ''],
  ] : [];
  const role = (r: string) => codeWord(t, 'roles', r);
  /** A platform value as a word, its code in the tooltip. */
  const word = (prefix: string, code: string | undefined) => <span title={code}>{codeWord(t, prefix, code)}</span>;

  return (
    <Drawer isOpen={b !== null} onClose={onClose} title={b?.name ?? ''} icon="office" size={720} className={dark ? 'bp6-dark' : undefined}>
      {b && (
        <div className="bm-detail" data-testid="bm-detail">
          {item && <ObjectActions rowType="business" item={item} />}
          <div className="bm-evidence">
            <EvidenceButton
              type="business" id={b.id} name={b.name} prominent={b.isRestricted === 'true' || !!b.is_disabled_for_integrity_reasons}
              current={{ ...(b.isRestricted !== '' && { restriction: b.isRestricted === 'true' }), ...(b.verification_status !== undefined && { verification: b.verification_status }) }}
            />
          </div>
          <HTMLTable compact striped className="bm-detail-table">
            <tbody>{rows.filter(([, v]) => v !== '').map(([k, v, code]) => <tr key={k}><th>{k}</th><td className="tessera-pre" title={code || undefined}>{v}</td></tr>)}</tbody>
          </HTMLTable>

          <H5>{t('detail.users')}</H5>
          <SectionView section={detail.users} testId="bm-detail-users" head={[t('columns.id'), t('columns.name'), t('detail.email'), t('detail.role'), t('detail.twoFactor'), t('detail.flags')]}
            row={(u) => [u.id, u.name, u.email + (u.pending_email ? ` → ${u.pending_email}` : ''), role(u.role), word('twoFactor', u.two_fac_status),
              <>{u.is_two_fac_blocked && <Tag minimal intent="warning">{t('detail.twoFacBlocked')}</Tag>} {u.was_integrity_demoted && <Tag minimal intent="danger">{t('detail.integrityDemoted')}</Tag>}</>]} />

          <H5>{t('detail.pending')}</H5>
          <SectionView section={detail.pending} testId="bm-detail-pending" head={[t('columns.id'), t('detail.email'), t('detail.role'), t('detail.status')]}
            row={(p) => [p.id, p.email, role(p.role), word('inviteStatus', p.status)]} />

          <H5>{t('detail.partners')}</H5>
          <SectionView section={detail.partners} testId="bm-detail-partners" head={[t('columns.id'), t('columns.name'), t('detail.relationship'), t('detail.sharedCount')]}
            row={(p) => [p.id, p.name, word('relationship', p.relationship), count(p.shared_ad_accounts_count)]} />

          <H5>{t('detail.groups')}</H5>
          <SectionView section={detail.groups} testId="bm-detail-groups" head={[t('columns.id'), t('columns.name'), t('detail.accounts')]}
            row={(g) => [g.id, g.name, g.ad_account_ids.join(', ')]} />

          <H5>{t('detail.adAccounts')}</H5>
          <SectionView section={detail.adAccounts} testId="bm-detail-adaccounts" head={[t('columns.id'), t('columns.name'), t('detail.status'), t('detail.relationship')]}
            row={(a) => [a.id, a.name, <span title={String(a.account_status)}>{accountStatus(a.account_status)}</span>, word('relationship', a.relationship)]} />

          <H5>{t('detail.changes')}</H5>
          <ObjectHistory type="business" id={b.id} />
        </div>
      )}
    </Drawer>
  );
}
