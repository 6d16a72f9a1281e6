import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, FormGroup, H5, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast, useBridge, useBus, useKernel, useRunner } from '@kernel';
import { keywords, KEYWORDS_FIRST } from '../api';
import { lines, type PageItem } from '../checks';
import { KEYWORD_TABLE } from '../cache';
import { deleteKeywordList, readKeywordLists, saveKeywordList } from '../keyword-lists';
import PageList from './PageList';
import type { Section } from './PageDetail';

/** Keyword management (/page/keywords): a page's blocked keywords, bulk add/remove, and the operator's keyword lists. */
export default function KeywordsScreen() {
  return <PageList tileId="route:/page/keywords" mode="keywords" side={(items) => <KeywordsPanel items={items} />} />;
}

function useKeywordLists() {
  const { store } = useKernel();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const id = store.addTableListener(KEYWORD_TABLE, () => setVersion((v) => v + 1));
    return () => { store.delListener(id); };
  }, [store]);
  return useMemo(() => readKeywordLists(store), [store, version]); // eslint-disable-line react-hooks/exhaustive-deps
}

function KeywordsPanel({ items }: { items: PageItem[] }) {
  const { t } = useTranslation('page');
  const bridge = useBridge();
  const bus = useBus();
  const runner = useRunner();
  const { store } = useKernel();
  const lists = useKeywordLists();
  const first = items[0] ?? null;
  const [current, setCurrent] = useState<Section<string[]> & { count?: number }>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const [text, setText] = useState('');
  const [listId, setListId] = useState('');
  const [listName, setListName] = useState('');
  useEffect(() => {
    const onFinished = (e: { actionId: string }) => { if (e.actionId === 'page.saveKeywords') setRound((r) => r + 1); };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus]);
  useEffect(() => {
    if (!first) return;
    const c = new AbortController();
    setCurrent({ state: 'loading' });
    keywords(bridge, first.id, { signal: c.signal }).then((k) => { if (!c.signal.aborted) setCurrent({ state: 'ready', data: k.words, count: k.count }); },
      (e) => { if (!c.signal.aborted) setCurrent({ state: 'error', message: e instanceof Error && e.message ? e.message : 'Unknown error' }); });
    return () => c.abort();
  }, [bridge, first?.id, round]); // eslint-disable-line react-hooks/exhaustive-deps

  const words = lines(text);
  const start = (mode: 'add' | 'remove' | 'replace') => {
    try {
      runner.start('page.saveKeywords', { words, mode }, items);
      void showToast(t('started'), 'primary');
    } catch (e) {
      void showToast((e as Error).message, 'danger');
    }
  };
  const saveList = (name: string, list: readonly string[]) => {
    if (!name.trim() || !list.length) return;
    setListId(saveKeywordList(store, name, list));
    void showToast(t('keywords.listSaved', { name: name.trim(), count: list.length }), 'success');
  };

  return (
    <div className="page-tool" data-testid="page-keywords-panel">
      <H5>{t('keywords.title')}</H5>
      {!first ? <p className="bp6-text-muted">{t('selectPages')}</p> : (
        <>
          <div className="bp6-text-muted">{t('keywords.of', { page: first.name ?? first.id })}</div>
          {current.state === 'error' && <Callout intent="danger" compact className="tessera-pre">{current.message}</Callout>}
          {current.state === 'ready' && (
            <>
              <div data-testid="page-keywords-count">{(current.count ?? current.data.length) === 0 ? t('keywords.none')
                : t('keywords.count', { count: current.count ?? current.data.length, shown: Math.min(current.data.length, KEYWORDS_FIRST) })}</div>
              <div className="tessera-pre" data-testid="page-keywords-current">{current.data.slice(0, KEYWORDS_FIRST).join(', ')}</div>
              <div className="page-tool-row">
                <Button text={t('keywords.toText')} disabled={!current.data.length} onClick={() => setText(current.data.join('\n'))} />
                <Button text={t('keywords.pageAsList')} disabled={!current.data.length} data-testid="page-keywords-save-page-list"
                  onClick={() => saveList(t('keywords.pageListName', { page: first.name ?? first.id }), current.data)} />
              </div>
            </>
          )}
        </>
      )}
      <FormGroup label={t('keywords.words')} labelFor="page-keywords-text" helperText={t('keywords.wordsHelp', { count: words.length })}>
        <TextArea id="page-keywords-text" fill rows={6} value={text} onChange={(e) => setText(e.currentTarget.value)} />
      </FormGroup>
      <div className="page-tool-row">
        <Button intent="primary" text={t('keywords.add', { count: items.length })} disabled={!items.length || !words.length} onClick={() => start('add')} data-testid="page-keywords-add" />
        <Button text={t('keywords.remove', { count: items.length })} disabled={!items.length || !words.length} onClick={() => start('remove')} data-testid="page-keywords-remove" />
        <Button intent="warning" text={t('keywords.replace', { count: items.length })} disabled={!items.length || !words.length} onClick={() => start('replace')} data-testid="page-keywords-replace" />
      </div>
      <H5>{t('keywords.lists')}</H5>
      <div className="page-tool-row">
        <HTMLSelect value={listId} onChange={(e) => setListId(e.currentTarget.value)} data-testid="page-keyword-lists"
          options={[{ value: '', label: t('keywords.chooseList') }, ...lists.map((l) => ({ value: l.id, label: `${l.name} (${l.words.length})` }))]} />
        <Button text={t('keywords.fill')} disabled={!listId} onClick={() => setText((lists.find((l) => l.id === listId)?.words ?? []).join('\n'))} data-testid="page-keywords-fill" />
        <Button icon="trash" text={t('keywords.deleteList')} disabled={!listId} onClick={() => { deleteKeywordList(store, listId); setListId(''); }} />
      </div>
      <div className="page-tool-row">
        <InputGroup placeholder={t('keywords.listName')} value={listName} onChange={(e) => setListName(e.currentTarget.value)} data-testid="page-keyword-list-name" />
        <Button text={t('keywords.saveList')} disabled={!listName.trim() || !words.length} onClick={() => saveList(listName, words)} data-testid="page-keywords-save-list" />
      </div>
    </div>
  );
}
