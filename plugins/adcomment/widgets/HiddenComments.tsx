import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListNotCached, useCacheLoadState, useCachedList, useCachedLists, type WidgetProps, FiguresTable, type Figure } from '@kernel';
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
      ] as Figure[],
    };
  }, [posts, lists, t]);
  if (!figures) return <ListNotCached state={loadState} onOpen={() => open('/adcomment/index')} icon="comment" text={t('widgets.hiddenComments.notLoaded')} loadText={t('widgets.hiddenComments.load')} />;
  return <FiguresTable testId="widget-adcomment-hidden" caption={t('widgets.hiddenComments.posts', { count: figures.posts })} figures={figures.rows}
    onOpen={() => open('/adcomment/index')} openText={t('widgets.hiddenComments.open')} />;
}
