import { outputOf, type DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import type { Business } from './types';

/** A created time (ISO) as `YYYY-MM-DD` for the table; sorting uses the number. */
export function createdDay(value: string | undefined): string {
  const ms = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 10);
}

export const ownedCount = (b: Business) => b.owned_ad_accounts?.summary?.total_count ?? b.owned_ad_accounts?.data?.length ?? 0;
export const clientCount = (b: Business) => b.client_ad_accounts?.summary?.total_count ?? b.client_ad_accounts?.data?.length ?? 0;
export const userCount = (b: Business) => b.business_users?.summary?.total_count ?? b.business_users?.data?.length ?? 0;

/** The operator's role: Admin when permitted_roles has ADMIN (an admin may grant every role), else the roles listed. */
export function myRole(b: Business, t: TFunction): string {
  const roles = b.permitted_roles ?? [];
  return roles.includes('ADMIN') ? t('roles.ADMIN') : roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', ');
}

/** What the hidden-administrator scan found for a business: words for the filter, '' when it never ran. */
export function hiddenAdminState(b: Business, t: TFunction): string {
  const found = outputOf<unknown[]>(b, 'bm.detectHiddenAdmins');
  if (!Array.isArray(found)) return '';
  return found.length ? t('found.hasHiddenAdmins', { count: found.length }) : t('found.noHiddenAdmins');
}

/** The business table's columns, built once per language (keep the array stable). */
export function businessColumns(t: TFunction, o: { hiddenAdmins?: boolean } = {}): DataColumn<Business>[] {
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('yes') : t('no'));
  const yesNoFilter = { options: [t('yes'), t('no')].map((v) => ({ value: v, label: v })) };
  const restricted = (b: Business) => (b.isRestricted === '' ? t('columns.checking') : b.isRestricted === 'true' ? t('restricted.true') : t('restricted.false'));
  const columns: DataColumn<Business>[] = [
    { id: 'name', header: t('columns.name'), value: (b) => b.name, width: 240 },
    { id: 'id', header: t('columns.id'), value: (b) => b.id, width: 160 },
    { id: 'verification', header: t('columns.verification'), value: (b) => (b.verification_status ? t(`verification.${b.verification_status}`, { defaultValue: b.verification_status }) : ''), width: 130 },
    { id: 'bmtype', header: t('columns.bmtype'), value: (b) => b.bmtype || t('columns.checking'), width: 100 },
    { id: 'restricted', header: t('columns.restricted'), value: restricted, width: 110,
      filter: { options: [t('restricted.true'), t('restricted.false')].map((v) => ({ value: v, label: v })) } },
    { id: 'integrity', header: t('columns.integrityDisabled'), value: (b) => yesNo(b.is_disabled_for_integrity_reasons), width: 130, filter: yesNoFilter },
    { id: 'extended_credit', header: t('columns.extendedCredit'), value: (b) => yesNo(b.can_use_extended_credit), width: 130, filter: yesNoFilter },
    { id: 'sharing', header: t('columns.sharing'), value: (b) => b.sharing_eligibility_status ?? '', width: 170 },
    { id: 'owned', header: t('columns.owned'), value: ownedCount, width: 110 },
    { id: 'client', header: t('columns.client'), value: clientCount, width: 110 },
    { id: 'users', header: t('columns.users'), value: userCount, width: 90 },
    { id: 'my_role', header: t('columns.myRole'), value: (b) => myRole(b, t), width: 110 },
    { id: 'created', header: t('columns.created'), value: (b) => (b.created_time ? new Date(b.created_time).getTime() : undefined), text: (b) => createdDay(b.created_time), width: 110 },
    { id: 'created_by', header: t('columns.createdBy'), value: (b) => b.created_by?.name ?? b.created_by?.id ?? '', width: 160, hiddenByDefault: true },
  ];
  if (o.hiddenAdmins) {
    columns.splice(2, 0, {
      id: 'hidden_admins', header: t('columns.hiddenAdmins'), width: 190, value: (b) => hiddenAdminState(b, t),
      cell: (b) => {
        const found = outputOf<{ name?: string; id?: string; email?: string }[]>(b, 'bm.detectHiddenAdmins');
        return <span title={Array.isArray(found) ? found.map((u) => [u.name, u.email, u.id].filter(Boolean).join(' · ')).join('\n') : undefined}>{hiddenAdminState(b, t)}</span>;
      },
    });
  }
  return columns;
}
