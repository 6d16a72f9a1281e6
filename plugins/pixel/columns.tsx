import { codeWord, codeWordFilter, outputOf, type DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import type { Pixel } from './types';

/** An ISO time as `YYYY-MM-DD HH:mm` (UTC) for the table; sorting uses the number. */
export function shortTime(value: string | undefined): string {
  const ms = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** The operator's role in the owning business, in words. */
export const roleLabel = (p: Pixel, t: TFunction) => codeWord(t, 'bmrole', p.bmrole);

/** The pixel table's columns, built once per language (keep the array stable). */
export function pixelColumns(t: TFunction): DataColumn<Pixel>[] {
  const yesNo = (v: boolean) => (v ? t('yes') : t('no'));
  // the address names a choice by its key (`?f.can_share=false`), in any language
  const yesNoFilter = { options: [{ value: t('yes'), key: 'true', label: t('yes') }, { value: t('no'), key: 'false', label: t('no') }] };
  return [
    { id: 'name', header: t('columns.name'), value: (p) => p.name, width: 240 },
    { id: 'id', header: t('columns.id'), value: (p) => p.id, width: 160 },
    { id: 'type', header: t('columns.type'), value: (p) => codeWord(t, 'type', p.type), code: (p) => p.type, width: 90, filter: codeWordFilter(t, 'type') },
    { id: 'business', header: t('columns.business'), value: (p) => (p.business ? `${p.business.name} (${p.business.id})` : ''), width: 220 },
    { id: 'relation', header: t('columns.relation'), value: (p) => `${p.relation_business.name} (${p.relation_business.id})`, width: 220, hiddenByDefault: true },
    { id: 'bmrole', header: t('columns.bmrole'), value: (p) => roleLabel(p, t), code: (p) => p.bmrole, width: 110 },
    { id: 'can_share', header: t('columns.canShare'), value: (p) => yesNo(p.can_share), width: 100, filter: yesNoFilter },
    { id: 'unavailable', header: t('columns.unavailable'), value: (p) => yesNo(!!p.is_unavailable), width: 100, filter: yesNoFilter, hiddenByDefault: true },
    { id: 'last_fired', header: t('columns.lastFired'), value: (p) => (p.last_fired_time ? new Date(p.last_fired_time).getTime() : undefined), text: (p) => shortTime(p.last_fired_time), width: 140 },
    { id: 'created', header: t('columns.created'), value: (p) => (p.creation_time ? new Date(p.creation_time).getTime() : undefined), text: (p) => shortTime(p.creation_time).slice(0, 10), width: 110 },
    // shared targets are shown to admins only (docs/SPEC.md section 12)
    { id: 'shared', header: t('columns.shared'), width: 200,
      value: (p) => {
        const out = outputOf<{ account_id?: string }[]>(p, 'pixel.sharedAccounts');
        return p.bmrole === 'admin' && Array.isArray(out) ? out.map((a) => a.account_id ?? '').join(', ') : '';
      } },
  ];
}
