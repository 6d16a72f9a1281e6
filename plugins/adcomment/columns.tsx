import { Tag } from '@blueprintjs/core';
import type { DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import type { AdComment, AdPost } from './types';

const day = (iso: string) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
const time = (iso: string) => (iso ? Date.parse(iso) : undefined);

export function postColumns(t: TFunction): DataColumn<AdPost>[] {
  return [
    { id: 'message', header: t('columns.message'), value: (p) => p.message, width: 300 },
    { id: 'title', header: t('columns.title'), value: (p) => p.title, width: 140 },
    { id: 'page', header: t('columns.page'), value: (p) => p.page_name || p.page_id, width: 170 },
    { id: 'comments', header: t('columns.comments'), value: (p) => p.comment_count ?? undefined, width: 90, filter: 'number' },
    { id: 'ads', header: t('columns.ads'), value: (p) => p.ads.map((a) => a.name).join(', '), width: 200 },
    { id: 'created', header: t('columns.created'), value: (p) => time(p.created_time), text: (p) => day(p.created_time), width: 140 },
    { id: 'id', header: t('columns.postId'), value: (p) => p.id, width: 230 },
  ];
}

/** matches: comment id → why the current rule catches it (keywords found, image, link) */
export function commentColumns(t: TFunction, matches: ReadonlyMap<string, string[]>): DataColumn<AdComment>[] {
  const matchText = (c: AdComment) => (matches.get(c.id) ?? []).map((m) => (m === 'image' ? t('rule.image') : m === 'link' ? t('rule.link') : m)).join(', ');
  return [
    { id: 'message', header: t('columns.comment'), value: (c) => c.message, width: 320 },
    { id: 'match', header: t('columns.match'), value: matchText, width: 140,
      cell: (c) => (matches.has(c.id) ? <Tag intent="warning" minimal>{matchText(c)}</Tag> : null) },
    { id: 'from', header: t('columns.from'), value: (c) => c.from_name, width: 150 },
    { id: 'state', header: t('columns.state'), value: (c) => (c.is_hidden ? t('state.hidden') : t('state.visible')), width: 90,
      filter: { options: [t('state.hidden'), t('state.visible')].map((v) => ({ value: v, label: v })) } },
    { id: 'kind', header: t('columns.kind'), value: (c) => [c.image ? t('rule.image') : '', c.link ? t('rule.link') : ''].filter(Boolean).join(', '), width: 110 },
    { id: 'likes', header: t('columns.likes'), value: (c) => c.like_count, width: 70, filter: 'number' },
    { id: 'created', header: t('columns.created'), value: (c) => time(c.created_time), text: (c) => day(c.created_time), width: 140 },
    { id: 'post', header: t('columns.postId'), value: (c) => c.post_id, width: 220, hiddenByDefault: true },
    { id: 'id', header: t('columns.commentId'), value: (c) => c.id, width: 220, hiddenByDefault: true },
  ];
}
