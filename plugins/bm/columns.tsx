import { codeWord, codeWordFilter, COUNT_CHARS, formatCount, foundColumn, type DataColumn, type FoundOutput } from '@kernel';
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
  return roles.includes('ADMIN') ? t('roles.ADMIN') : roles.map((r) => codeWord(t, 'roles', r)).join(', ');
}

/** The actions whose latest output says who is hidden on a business: the scan, and the removal (which scans first). */
export const HIDDEN_ADMIN_ACTIONS = ['bm.detectHiddenAdmins', 'bm.removeHiddenAdmins'] as const;

type Person = { name?: string; id?: string; email?: string };
const people = (found: FoundOutput): Person[] => (Array.isArray(found.value) ? (found.value as Person[]) : []);
const removal = (found: FoundOutput) => found.actionId === 'bm.removeHiddenAdmins';

/**
 * The business's hidden administrators as the latest scan or removal left them: a scan's people, or
 * none after a removal (it removes everyone it finds). In the business list and the hidden-admin screen.
 */
export function hiddenAdminsColumn(t: TFunction): DataColumn<Business> {
  const some = t('found.someHiddenAdmins');
  const none = t('found.noHiddenAdmins');
  return foundColumn<Business>({
    id: 'hidden_admins', header: t('columns.hiddenAdmins'), width: 190, actions: HIDDEN_ADMIN_ACTIONS,
    value: (found) => (!removal(found) && people(found).length ? some : none),
    shown: (found) => {
      const count = people(found).length;
      if (removal(found)) return count ? t('found.removedHiddenAdmins', { count }) : none;
      return count ? t('found.hasHiddenAdmins', { count }) : none;
    },
    details: (found) => people(found).map((u) => [u.name, u.email, u.id].filter(Boolean).join(' · ')),
    filter: { options: [some, none].map((v) => ({ value: v, label: v })) },
  });
}

/** The business table's columns, built once per language (keep the array stable); counts with the language's separators. */
export function businessColumns(t: TFunction, o: { hiddenAdmins?: boolean; language?: string } = {}): DataColumn<Business>[] {
  const language = o.language ?? 'en-US';
  const count = (of: (b: Business) => number) => ({ value: of, text: (b: Business) => formatCount(of(b), language), textChars: () => COUNT_CHARS });
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('yes') : t('no'));
  // the address names a choice by its key (`?f.integrity=true`), in any language
  const yesNoFilter = { options: [{ value: t('yes'), key: 'true', label: t('yes') }, { value: t('no'), key: 'false', label: t('no') }] };
  const restricted = (b: Business) => (b.isRestricted === '' ? t('columns.checking') : b.isRestricted === 'true' ? t('restricted.true') : t('restricted.false'));
  const columns: DataColumn<Business>[] = [
    { id: 'name', header: t('columns.name'), value: (b) => b.name, width: 240 },
    { id: 'id', header: t('columns.id'), value: (b) => b.id, width: 160 },
    { id: 'verification', header: t('columns.verification'), value: (b) => codeWord(t, 'verification', b.verification_status), code: (b) => b.verification_status, width: 130, filter: codeWordFilter(t, 'verification') },
    { id: 'bmtype', header: t('columns.bmtype'), value: (b) => b.bmtype || t('columns.checking'), width: 100 },
    { id: 'restricted', header: t('columns.restricted'), value: restricted, width: 110,
      filter: { options: (['true', 'false'] as const).map((k) => ({ value: t(`restricted.${k}`), key: k, label: t(`restricted.${k}`) })) } },
    { id: 'integrity', header: t('columns.integrityDisabled'), value: (b) => yesNo(b.is_disabled_for_integrity_reasons), width: 130, filter: yesNoFilter },
    { id: 'extended_credit', header: t('columns.extendedCredit'), value: (b) => yesNo(b.can_use_extended_credit), width: 130, filter: yesNoFilter },
    { id: 'sharing', header: t('columns.sharing'), value: (b) => codeWord(t, 'sharing', b.sharing_eligibility_status), code: (b) => b.sharing_eligibility_status, width: 170 },
    { id: 'owned', header: t('columns.owned'), ...count(ownedCount), width: 110, filter: 'number' },
    { id: 'client', header: t('columns.client'), ...count(clientCount), width: 110, filter: 'number' },
    { id: 'users', header: t('columns.users'), ...count(userCount), width: 90, filter: 'number' },
    { id: 'my_role', header: t('columns.myRole'), value: (b) => myRole(b, t), code: (b) => (b.permitted_roles ?? []).join(', '), width: 110 },
    { id: 'created', header: t('columns.created'), value: (b) => (b.created_time ? new Date(b.created_time).getTime() : undefined), text: (b) => createdDay(b.created_time), width: 110 },
    { id: 'created_by', header: t('columns.createdBy'), value: (b) => b.created_by?.name ?? b.created_by?.id ?? '', width: 160, hiddenByDefault: true },
  ];
  // What the hidden-admin scan found, in the business list too (not only in the jobs panel), beside the
  // restriction (both say what is wrong with a business); up front on its own screen.
  columns.splice(o.hiddenAdmins ? 2 : columns.findIndex((c) => c.id === 'restricted') + 1, 0, hiddenAdminsColumn(t));
  return columns;
}
