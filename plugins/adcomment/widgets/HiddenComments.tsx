import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ListLoadState, useCacheLoadState, useCachedList, useCachedLists, type WidgetProps } from '@kernel';
import { COMMENTS_PREFIX, POSTS_KEY } from '../cache';
import type { AdComment, AdPost } from '../types';

/** Ad posts and their comments as last loaded (cached lists only: never loads by itself): hidden, with image, with link. */
export default function HiddenComments({ open }: WidgetProps) {
  const { t } = useTranslation('adcomment');
  const posts = useCachedList<AdPost>(POSTS_KEY);
  const loadState = useCacheLoadState(POSTS_KEY);
  const lists = useCachedLists<AdComment>(COMMENTS_PREFIX);
  const figures = useMemo(() => {
    const comments = new Map<string, AdComment>();
    for (const list of lists.values()) for (const c of list) comments.set(c.id, c);
    if (!posts && comments.size === 0) return null;
    const all = [...comments.values()];
    return {
      posts: posts ? posts.length : 0,
      rows: [
        [t('widgets.hiddenComments.read'), all.length],
        [t('widgets.hiddenComments.hidden'), all.filter((c) => c.is_hidden).length],
        [t('widgets.hiddenComments.images'), all.filter((c) => c.image).length],
        [t('widgets.hiddenComments.links'), all.filter((c) => c.link).length],
      ] as [string, number][],
    };
  }, [posts, lists, t]);
  if (!figures) {
    if (loadState) return <ListLoadState state={loadState} onOpen={() => open('/adcomment/index')} />;
    return <NonIdealState icon="comment" description={t('widgets.hiddenComments.notLoaded')}
      action={<Button text={t('widgets.hiddenComments.load')} onClick={() => open('/adcomment/index')} />} />;
  }
  return (
    <div data-testid="widget-adcomment-hidden">
      <div className="bp6-text-muted">{t('widgets.hiddenComments.posts', { count: figures.posts })}</div>
      <HTMLTable compact striped>
        <tbody>{figures.rows.map(([k, n]) => <tr key={k}><td>{k}</td><td>{n}</td></tr>)}</tbody>
      </HTMLTable>
      <Button variant="minimal" icon="arrow-right" text={t('widgets.hiddenComments.open')} onClick={() => open('/adcomment/index')} />
    </div>
  );
}
