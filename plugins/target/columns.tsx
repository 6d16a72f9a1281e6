import type { DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import { audienceRange, pathText, type Interest } from './interest';

/** The result table's columns, built once per language (keep the array stable). */
export function interestColumns(t: TFunction, locale: string): DataColumn<Interest>[] {
  return [
    { id: 'name', header: t('columns.name'), value: (i) => i.name, width: 240 },
    { id: 'audience', header: t('columns.audience'), value: (i) => i.upper, text: (i) => audienceRange(i, locale), width: 150, filter: false },
    { id: 'path', header: t('columns.path'), value: (i) => pathText(i), width: 320 },
    { id: 'topic', header: t('columns.topic'), value: (i) => i.topic, width: 170 },
    { id: 'id', header: t('columns.id'), value: (i) => i.id, width: 150 },
    { id: 'description', header: t('columns.description'), value: (i) => i.description, width: 240, hiddenByDefault: true },
  ];
}
