import { codeWord, codeWordFilter, COUNT_CHARS, formatCount, outputOf, type DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import type { Page } from './types';

/** A created time (ISO) as `YYYY-MM-DD`; '' when unknown. */
export function createdDay(value: string | undefined): string {
  const ms = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 10);
}

/** The 7-day deactivation as the last state job read it: '' when never read. */
export function deactivationText(p: Page, t: TFunction): string {
  const state = outputOf<{ deactivated?: boolean; until?: string }>(p, 'page.deactivationState');
  const done = outputOf<{ until?: string }>(p, 'page.deactivate');
  if (state && typeof state === 'object') return state.deactivated ? t('deactivation.until', { until: state.until }) : t('deactivation.active');
  if (done && typeof done === 'object' && done.until) return t('deactivation.until', { until: done.until });
  return '';
}

/** The page table's columns (from the list's own fields), built once per language; counts with the language's separators. */
export function pageColumns(t: TFunction, o: { disable?: boolean; language?: string } = {}): DataColumn<Page>[] {
  const language = o.language ?? 'en-US';
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('yes') : t('no'));
  // the address names a choice by its key (`?f.published=false`), in any language
  const yesNoFilter = { options: [{ value: t('yes'), key: 'true', label: t('yes') }, { value: t('no'), key: 'false', label: t('no') }] };
  const columns: DataColumn<Page>[] = [
    { id: 'name', header: t('columns.name'), value: (p) => p.name, width: 240 },
    { id: 'id', header: t('columns.id'), value: (p) => p.id, width: 160 },
    { id: 'category', header: t('columns.category'), value: (p) => p.category ?? '', width: 160 },
    { id: 'fans', header: t('columns.fans'), value: (p) => p.fan_count ?? 0, text: (p) => formatCount(p.fan_count ?? 0, language), textChars: () => COUNT_CHARS, width: 100, filter: 'number' },
    { id: 'verification', header: t('columns.verification'), value: (p) => codeWord(t, 'verification', p.verification_status), code: (p) => p.verification_status, width: 130, filter: codeWordFilter(t, 'verification') },
    { id: 'published', header: t('columns.published'), value: (p) => yesNo(p.is_published), width: 100, filter: yesNoFilter },
    { id: 'promotion', header: t('columns.promotion'), value: (p) => yesNo(p.promotion_eligible), width: 120, filter: yesNoFilter },
    { id: 'business', header: t('columns.business'), value: (p) => p.business?.name ?? p.business?.id ?? '', width: 160 },
    { id: 'created', header: t('columns.created'), value: (p) => (p.page_created_time ? new Date(p.page_created_time).getTime() : undefined), text: (p) => createdDay(p.page_created_time), width: 110 },
    { id: 'tasks', header: t('columns.tasks'), value: (p) => (p.tasks ?? []).map((x) => codeWord(t, 'tasks', x)).join(', '), code: (p) => (p.tasks ?? []).join(', '), width: 220 },
  ];
  if (o.disable) columns.splice(2, 0, { id: 'deactivation', header: t('columns.deactivation'), value: (p) => deactivationText(p, t), width: 240 });
  return columns;
}
