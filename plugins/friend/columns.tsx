import { codeWord, type DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import type { FriendRequestRow } from './requests';

const when = (s?: number) => (s ? new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ') : '');

export function requestColumns(t: TFunction, withDirection = false): DataColumn<FriendRequestRow>[] {
  const cols: DataColumn<FriendRequestRow>[] = [
    { id: 'name', header: t('columns.name'), value: (r) => r.name, width: 220 },
    { id: 'id', header: t('columns.id'), value: (r) => r.id, width: 170 },
    { id: 'status', header: t('columns.status'), value: (r) => codeWord(t, 'status', r.status), code: (r) => r.status, width: 150 },
    { id: 'time', header: t('columns.time'), value: (r) => r.request_time, text: (r) => when(r.request_time), width: 150 },
    { id: 'url', header: t('columns.url'), value: (r) => r.url, width: 280, hiddenByDefault: true },
  ];
  if (withDirection) cols.splice(2, 0, { id: 'direction', header: t('columns.direction'), value: (r) => t(`direction.${r.direction}`), width: 110 });
  return cols;
}
