import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, FormGroup, H5, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SharedListsNote, showToast, useBridge, useConfirmedStart, useKernel, useRunner, useSections, useSharedListsReadOnly } from '@kernel';
import { keywords, KEYWORDS_FIRST } from '../api';
import { lines, type PageItem } from '../checks';
import { KEYWORD_TABLE } from '../cache';
import { deleteKeywordList, readKeywordLists, saveKeywordList } from '../keyword-lists';
import PageList from './PageList';

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
  const runner = useRunner();
  const confirmed = useConfirmedStart();
  const { store } = useKernel();
  const lists = useKeywordLists();
  const first = items[0] ?? null;
  const { keywords: current } = useSections<{ keywords: { words: string[]; count?: number } }>(first?.id ?? null, 'page', () => ({
    keywords: (signal) => keywords(bridge, first!.id, { signal }),
  }));
  const [text, setText] = useState('');
  const [listId, setListId] = useState('');
  const [listName, setListName] = useState('');

  const words = lines(text);
  // a job of more pages than the operator's threshold asks for its count first (the kernel's confirmation)
  const start = (mode: 'add' | 'remove' | 'replace') => confirmed.ask({
    actionId: 'page.saveKeywords', count: items.length,
    start: () => {
      try {
        runner.start('page.saveKeywords', { words, mode }, items);
        void showToast(t('started'), 'primary');
      } catch (e) {
        void showToast((e as Error).message, 'danger');
      }
    },
  });
  const saveList = (name: string, list: readonly string[]) => {
    if (!name.trim() || !list.length) return;
    setListId(saveKeywordList(store, name, list));
    void showToast(t('keywords.listSaved', { name: name.trim(), count: list.length }), 'success');
  };

  // in a team the lists are the team's; its viewers use them but do not change them
  const readOnly = useSharedListsReadOnly();

  return (
    <div className="page-tool" data-testid="page-keywords-panel">
      {confirmed.dialog}
      <H5>{t('keywords.title')}</H5>
      {!first ? <p className="bp6-text-muted">{t('selectPages')}</p> : (
        <>
          <div className="bp6-text-muted">{t('keywords.of', { page: first.name ?? first.id })}</div>
          {current.state === 'error' && <Callout intent="danger" compact className="tessera-pre">{current.message}</Callout>}
          {current.state === 'ready' && (
            <>
              <div data-testid="page-keywords-count">{(current.data.count ?? current.data.words.length) === 0 ? t('keywords.none')
                : t('keywords.count', { count: current.data.count ?? current.data.words.length, shown: Math.min(current.data.words.length, KEYWORDS_FIRST) })}</div>
              <div className="tessera-pre" data-testid="page-keywords-current">{current.data.words.slice(0, KEYWORDS_FIRST).join(', ')}</div>
              <div className="page-tool-row">
                <Button text={t('keywords.toText')} disabled={!current.data.words.length} onClick={() => setText(current.data.words.join('\n'))} />
                <Button text={t('keywords.pageAsList')} disabled={!current.data.words.length || readOnly} data-testid="page-keywords-save-page-list"
                  onClick={() => saveList(t('keywords.pageListName', { page: first.name ?? first.id }), current.data.words)} />
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
      <SharedListsNote />
      <div className="page-tool-row">
        <HTMLSelect value={listId} onChange={(e) => setListId(e.currentTarget.value)} aria-label={t('keywords.lists')} data-testid="page-keyword-lists"
          options={[{ value: '', label: t('keywords.chooseList') }, ...lists.map((l) => ({ value: l.id, label: `${l.name} (${l.words.length})` }))]} />
        <Button text={t('keywords.fill')} disabled={!listId} onClick={() => setText((lists.find((l) => l.id === listId)?.words ?? []).join('\n'))} data-testid="page-keywords-fill" />
        <Button icon="trash" text={t('keywords.deleteList')} disabled={!listId || readOnly} onClick={() => { deleteKeywordList(store, listId); setListId(''); }} />
      </div>
      <div className="page-tool-row">
        <InputGroup placeholder={t('keywords.listName')} value={listName} onChange={(e) => setListName(e.currentTarget.value)} data-testid="page-keyword-list-name" />
        <Button text={t('keywords.saveList')} disabled={!listName.trim() || !words.length || readOnly} onClick={() => saveList(listName, words)} data-testid="page-keywords-save-list" />
      </div>
    </div>
  );
}
