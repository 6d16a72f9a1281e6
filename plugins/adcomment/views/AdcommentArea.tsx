import { useCallback, useEffect, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, NonIdealState, TextArea } from '@blueprintjs/core';
import {
  RouteLink,
  recordRecent, DataTable, ListButtons, ListStatus, useApi, useAreaList, useBus, useKernel,
  type AreaList, type ListLoadContext, type ViewProps,
} from '@kernel';
import { loadAdPosts, loadComments } from '../load';
import { commentColumns, postColumns } from '../columns';
import { commentsKey, forgetComments, POSTS_KEY } from '../cache';
import { toItem } from '../checks';
import { addKeywordList, useKeywordLists } from '../keywords';
import { ruleMatcher, type Rule } from '../matcher';
import type { AdComment, AdPost } from '../types';
import './adcomment.css';

const postId = (p: AdPost) => p.id;
const commentId = (c: AdComment) => c.id;
const postItem = (p: AdPost) => ({ id: p.id, page_id: p.page_id, message: p.message.slice(0, 120) });

/**
 * Ad-post comments: the posts behind the session's ads, the comments of the selected posts, and
 * moderation rules (a keyword list, comments with an image, comments with a link) whose matches the
 * operator previews, selects and hides or deletes through the runner (one job item per comment).
 */
export default function AdcommentArea({ tileId: sourceId, followedSelection: followed }: Pick<ViewProps, 'tileId' | 'followedSelection'>) {
  const { t } = useTranslation('adcomment');
  const api = useApi();
  const load = useCallback(({ bridge, signal, emit, progress }: ListLoadContext<AdPost>) => loadAdPosts(bridge, { signal, onRows: emit, onProgress: progress }), []);
  const posts = useAreaList<AdPost>({ cacheKey: POSTS_KEY, load, rowType: 'post', getId: postId, toItem: postItem, sourceId: `${sourceId}:posts`, followed: followed === undefined ? undefined : null });
  const columns = useMemo(() => postColumns(t), [t]);
  // a tile following a posts selection elsewhere reads those posts' comments; otherwise this list's own selection
  const chosen = useMemo(() => (followed?.rowType === 'post' && followed.ids.length ? [...followed.ids] : [...posts.selection]).sort(), [followed, posts.selection]);

  const openPost = (p: AdPost) => {
    recordRecent(api, 'adcomment', { record_id: p.id, record_name: (p.message || p.title || p.id).slice(0, 80), link: p.permalink_url });
    posts.onSelectionChange(new Set([p.id]));
  };

  return (
    <div className="adcomment" data-testid="adcomment">
      <section className="adcomment__posts" data-testid="adcomment-posts">
        <ListStatus list={posts as AreaList<unknown>} />
        <DataTable viewId="adcomment.posts" rows={posts.visible} columns={columns} getRowId={postId} loading={posts.loading && posts.rows.length === 0}
          selection={posts.selection} onSelectionChange={posts.onSelectionChange} onRowOpen={openPost} exportFileName="ad-posts"
          emptyText={t('posts.empty')} toolbar={<ListButtons list={posts as AreaList<unknown>} testId="adcomment-post-actions" />} />
      </section>
      <CommentList sourceId={`${sourceId}:comments`} postIds={chosen} />
    </div>
  );
}

function CommentList({ sourceId, postIds }: { sourceId: string; postIds: readonly string[] }) {
  const { t } = useTranslation('adcomment');
  const { store } = useKernel();
  const load = useCallback(({ bridge, signal, emit, progress }: ListLoadContext<AdComment>) => loadComments(bridge, { postIds, signal, onRows: emit, onProgress: progress }), [postIds]);
  const list = useAreaList<AdComment>({ cacheKey: commentsKey(postIds), load, rowType: 'comment', getId: commentId, toItem, sourceId });
  // a job on comments makes every cached comment list stale, not only this one (which the list hook reloads)
  const bus = useBus();
  useEffect(() => {
    const onFinished = (e: { actionId: string }) => { if (e.actionId.startsWith('adcomment.')) forgetComments(store, commentsKey(postIds)); };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus, store, postIds]);
  const keywordLists = useKeywordLists(store);
  const [ruleId, setRuleId] = useState('');
  const [creating, setCreating] = useState(false);
  const [preview, setPreview] = useState<AdComment[] | null>(null);
  const rule: Rule | null = useMemo(() => {
    if (ruleId === 'images') return { kind: 'images' };
    if (ruleId === 'links') return { kind: 'links' };
    const kw = keywordLists.find((l) => `kw:${l.id}` === ruleId);
    return kw ? { kind: 'keywords', words: kw.words } : null;
  }, [ruleId, keywordLists]);
  const matches = useMemo(() => {
    const out = new Map<string, string[]>();
    if (!rule) return out;
    const match = ruleMatcher(rule);
    for (const c of list.rows) {
      const why = match(c);
      if (why) out.set(c.id, why);
    }
    return out;
  }, [rule, list.rows]);
  const columns = useMemo(() => commentColumns(t, matches), [t, matches]);
  const pending = useMemo(() => list.rows.filter((c) => matches.has(c.id) && !c.is_hidden), [list.rows, matches]);

  if (!postIds.length) {
    return <section className="adcomment__comments"><NonIdealState icon="comment" description={t('comments.pickPosts')} /></section>;
  }
  const ruleBar = (
    <div className="adcomment__rule" data-testid="adcomment-rule">
      <HTMLSelect value={ruleId} onChange={(e) => { setRuleId(e.target.value); setPreview(null); }} aria-label={t('rule.label')} data-testid="adcomment-rule-pick">
        <option value="">{t('rule.none')}</option>
        {keywordLists.length > 0 && (
          <optgroup label={t('rule.keywordLists')}>
            {keywordLists.map((l) => <option key={l.id} value={`kw:${l.id}`}>{t('rule.keywordList', { name: l.name, count: l.words.length })}</option>)}
          </optgroup>
        )}
        <option value="images">{t('rule.images')}</option>
        <option value="links">{t('rule.links')}</option>
      </HTMLSelect>
      <Button icon="plus" text={t('rule.newList')} onClick={() => setCreating(true)} data-testid="adcomment-new-list" />
      <Button icon="eye-open" text={t('rule.preview', { count: pending.length })} disabled={!rule} onClick={() => setPreview(pending)} data-testid="adcomment-preview" />
      <Button icon="select" intent="primary" text={t('rule.select', { count: pending.length })} disabled={!pending.length}
        onClick={() => list.onSelectionChange(new Set(pending.map(commentId)))} data-testid="adcomment-select-matching" />
    </div>
  );
  return (
    <section className="adcomment__comments" data-testid="adcomment-comments">
      {/* the page area's keyword screen, by its real name and as a working link */}
      {keywordLists.length === 0 && <Callout intent="primary" compact data-testid="adcomment-no-lists"><Trans t={t} i18nKey="rule.noLists" components={{ link: <RouteLink path="/page/keywords" /> }} /></Callout>}
      {ruleBar}
      {preview && (
        <Callout intent="warning" compact className="adcomment__preview" data-testid="adcomment-preview-list"
          title={t('rule.previewTitle', { count: preview.length })}>
          <ul>{preview.slice(0, 50).map((c) => <li key={c.id}><b>{c.from_name}</b>: {c.message || t('comments.noText')} <span className="bp6-text-muted">({(matches.get(c.id) ?? []).join(', ')})</span></li>)}</ul>
          {preview.length > 50 && <p>{t('rule.more', { count: preview.length - 50 })}</p>}
        </Callout>
      )}
      <ListStatus list={list as AreaList<unknown>} />
      <DataTable viewId="adcomment.comments" rows={list.visible} columns={columns} getRowId={commentId} loading={list.loading && list.rows.length === 0}
        selection={list.selection} onSelectionChange={list.onSelectionChange} exportFileName="comments" emptyText={t('comments.empty')}
        toolbar={<ListButtons list={list as AreaList<unknown>} testId="adcomment-actions" />} />
      <NewKeywordList isOpen={creating} onClose={() => setCreating(false)} onCreate={(name, words) => { setRuleId(`kw:${addKeywordList(store, name, words)}`); setCreating(false); }} />
    </section>
  );
}

function NewKeywordList({ isOpen, onClose, onCreate }: { isOpen: boolean; onClose: () => void; onCreate: (name: string, words: string) => void }) {
  const { t } = useTranslation('adcomment');
  const [name, setName] = useState('');
  const [words, setWords] = useState('');
  const ok = words.split(/\r?\n/).some((w) => w.trim());
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('newList.title')} data-testid="adcomment-new-list-dialog">
      <form onSubmit={(e) => { e.preventDefault(); if (ok) { onCreate(name, words); setName(''); setWords(''); } }}>
        <DialogBody>
          <FormGroup label={t('newList.name')} labelFor="adcomment-list-name">
            <InputGroup id="adcomment-list-name" value={name} onChange={(e) => setName(e.target.value)} placeholder={t('newList.namePlaceholder')} />
          </FormGroup>
          <FormGroup label={t('newList.words')} labelFor="adcomment-list-words" helperText={t('newList.help')}>
            <TextArea id="adcomment-list-words" value={words} onChange={(e) => setWords(e.target.value)} rows={6} fill />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('newList.cancel')} onClick={onClose} />
          <Button type="submit" intent="primary" text={t('newList.save')} disabled={!ok} data-testid="adcomment-new-list-save" />
        </>} />
      </form>
    </Dialog>
  );
}
