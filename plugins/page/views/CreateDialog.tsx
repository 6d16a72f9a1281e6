import { useEffect, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showToast, useBridge, useConfirmedStart, useRunner, useSettings } from '@kernel';
import { categorySearch, DEFAULT_PROFILE_CATEGORY } from '../api';
import { lines } from '../checks';

type Kind = 'page' | 'profile';

/**
 * Creates pages or additional profiles as one runner job, one item per name. The category comes from
 * the platform's category search; an additional profile takes the fixed default unless another is chosen.
 */
export function CreateDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('page');
  const bridge = useBridge();
  const runner = useRunner();
  const dark = useSettings().theme === 'dark';
  const [kind, setKind] = useState<Kind>('page');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ id: string; name: string }[]>([]);
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | null>(null);
  const names = lines(text).filter((n) => n.length <= 75);
  useEffect(() => {
    if (!isOpen) return;
    const c = new AbortController();
    const timer = setTimeout(() => {
      categorySearch(bridge, query, { signal: c.signal }).then((rows) => { if (!c.signal.aborted) setFound(rows); }, (e) => { if (!c.signal.aborted) setError((e as Error).message); });
    }, 300);
    return () => { clearTimeout(timer); c.abort(); };
  }, [bridge, query, isOpen]);
  const chosen = category || (kind === 'profile' ? DEFAULT_PROFILE_CATEGORY : found[0]?.id ?? '');
  const confirmed = useConfirmedStart();
  const start = () => {
    setError(null);
    const actionId = kind === 'page' ? 'page.createPage' : 'page.createProfile';
    // many new pages at once ask for the typed count first (creations cannot be undone from Tessera)
    confirmed.ask({
      actionId, count: names.length,
      start: () => {
        try {
          runner.start(actionId, { category: chosen }, names.map((name, i) => ({ id: `new-${i + 1}`, name })));
          void showToast(t('started'), 'primary');
          setText('');
          onClose();
        } catch (e) {
          setError((e as Error).message);
        }
      },
    });
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('create.title')} icon="add" className={dark ? 'bp6-dark' : undefined}>
      <DialogBody className="page-tool">
        <FormGroup label={t('create.kind')} labelFor="page-create-kind">
          <HTMLSelect id="page-create-kind" value={kind} onChange={(e) => { setKind(e.currentTarget.value as Kind); setCategory(''); }}
            options={(['page', 'profile'] as const).map((k) => ({ value: k, label: t(`create.kinds.${k}`) }))} />
        </FormGroup>
        <FormGroup label={t('create.names')} labelFor="page-create-names" helperText={t('create.namesHelp', { count: names.length })}>
          <TextArea id="page-create-names" fill rows={4} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('create.search')} labelFor="page-create-search">
          <InputGroup id="page-create-search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('create.category')} labelFor="page-create-category">
          <HTMLSelect id="page-create-category" value={chosen} onChange={(e) => setCategory(e.currentTarget.value)}
            options={[
              ...(kind === 'profile' ? [{ value: DEFAULT_PROFILE_CATEGORY, label: t('create.defaultCategory', { id: DEFAULT_PROFILE_CATEGORY }) }] : []),
              ...found.map((c) => ({ value: c.id, label: c.name })),
              ...(found.length || kind === 'profile' ? [] : [{ value: '', label: t('create.noCategories') }]),
            ]} />
        </FormGroup>
        {error && <Callout intent="danger" compact className="tessera-pre">{error}</Callout>}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('cancel')} onClick={onClose} />
        <Button intent="primary" text={t('create.start', { count: names.length })} disabled={!names.length || !chosen} onClick={start} data-testid="page-create-start" />
      </>} />
      {confirmed.dialog}
    </Dialog>
  );
}
