import { useState } from 'react';
import { Button, Callout, FormGroup, H5, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ObjectPicker, RecognisedList, SectionView, showToast, useBridge, useConfirmedStart, usePastedList, useRunner, useSections } from '@kernel';
import { blockedPeople, profileSearch, DEFAULT_BLOCK_ACTION, DEFAULT_BLOCK_SETTING, type BlockAction, type BlockSetting, type BlockedPerson } from '../api';
import type { PageItem } from '../checks';
import { isoDay } from '../dates';
import PageList from './PageList';

/** Blacklist management (/page/blacklist): the blocked people of a page, bulk block and unblock on the selected pages. */
export default function BlacklistScreen() {
  return <PageList tileId="route:/page/blacklist" mode="blacklist" side={(items) => <BlacklistPanel items={items} />} />;
}

function BlacklistPanel({ items }: { items: PageItem[] }) {
  const { t } = useTranslation('page');
  const bridge = useBridge();
  const runner = useRunner();
  const confirmed = useConfirmedStart();
  const first = items[0] ?? null;
  const { blocked } = useSections<{ blocked: BlockedPerson[] }>(first?.id ?? null, 'page', () => ({
    blocked: (signal) => blockedPeople(bridge, first!.id, { signal }),
  }));
  const pasted = usePastedList('person');
  const [notice, setNotice] = useState(false);
  const [action, setAction] = useState<BlockAction>(DEFAULT_BLOCK_ACTION);
  const [setting, setSetting] = useState<BlockSetting>(DEFAULT_BLOCK_SETTING);
  const [busy, setBusy] = useState(false);
  const [term, setTerm] = useState('');
  const [people, setPeople] = useState<{ id: string; name: string; type: string }[] | null>(null);
  const search = async () => {
    try {
      setPeople((await profileSearch(bridge, term.trim())).filter((p) => p.type === 'USER'));
    } catch (e) {
      void showToast((e as Error).message, 'danger');
    }
  };
  const start = async () => {
    setBusy(true);
    try {
      const found = await pasted.read();
      // links or names looked up just now: shown first, started on the next press
      setNotice(found.fresh && found.ids.length > 0);
      if (!found.ids.length || found.fresh) return;
      // a job of more pages than the operator's threshold asks for its count first (the kernel's confirmation)
      confirmed.ask({
        actionId: 'page.block', count: items.length,
        start: () => {
          try {
            runner.start('page.block', { uids: found.ids, action, setting_type: setting }, items);
            void showToast(t('started'), 'primary');
          } catch (e) {
            void showToast((e as Error).message, 'danger');
          }
        },
      });
    } catch (e) {
      void showToast((e as Error).message, 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-tool" data-testid="page-blacklist-panel">
      {confirmed.dialog}
      <H5>{t('blacklist.title')}</H5>
      {!first ? <p className="bp6-text-muted">{t('selectPages')}</p> : (
        <>
          <div className="bp6-text-muted">{t('blacklist.of', { page: first.name ?? first.id })}</div>
          <SectionView section={blocked} testId="page-blocked" head={[t('columns.id'), t('columns.name'), t('blacklist.as'), t('blacklist.since')]}
            row={(b) => [b.id, b.name, t(`blockAs.${b.setting_type}`, { defaultValue: b.setting_type }), isoDay(b.blocked_time)]} />
        </>
      )}
      <div className="page-tool-row">
        <InputGroup placeholder={t('blacklist.searchPlaceholder')} value={term} onChange={(e) => setTerm(e.currentTarget.value)} data-testid="page-people-search"
          onKeyDown={(e) => { if (e.key === 'Enter' && term.trim()) void search(); }} />
        <Button icon="search" text={t('blacklist.search')} disabled={!term.trim()} onClick={() => void search()} />
      </div>
      {people && (people.length === 0 ? <p className="bp6-text-muted">{t('kernel:sections.none')}</p> : (
        <ul className="page-people">{people.map((p) => (
          <li key={p.id}><span className="tessera-pre">{p.name}</span> <span className="bp6-text-muted">{p.id}</span>{' '}
            <Button size="small" variant="minimal" icon="add" text={t('blacklist.addPerson')} onClick={() => pasted.setText(pasted.text.trim() ? `${pasted.text.trim()}\n${p.id}` : p.id)} /></li>
        ))}</ul>
      ))}
      <FormGroup label={t('blacklist.people')} labelFor="page-block-people" helperText={t('blacklist.peopleHelp')}>
        <ObjectPicker format="person" text={pasted.text} onChange={(text) => { pasted.setText(text); setNotice(false); }} testId="page-block-picker" />
        <TextArea id="page-block-people" fill rows={5} value={pasted.text} onChange={(e) => { pasted.setText(e.currentTarget.value); setNotice(false); }} />
      </FormGroup>
      <div className="page-tool-row">
        <FormGroup label={t('actions.block.fields.action')} labelFor="page-block-action">
          <HTMLSelect id="page-block-action" value={action} onChange={(e) => setAction(e.currentTarget.value as BlockAction)}
            options={(['UNBLOCK', 'BLOCK'] as const).map((v) => ({ value: v, label: t(`actions.block.enum.action.${v}`) }))} />
        </FormGroup>
        <FormGroup label={t('actions.block.fields.setting_type')} labelFor="page-block-setting">
          <HTMLSelect id="page-block-setting" value={setting} onChange={(e) => setSetting(e.currentTarget.value as BlockSetting)}
            options={(['PAGE', 'USER'] as const).map((v) => ({ value: v, label: t(`actions.block.enum.setting_type.${v}`) }))} />
        </FormGroup>
        <Button intent="primary" text={t('blacklist.run', { count: items.length })} loading={busy} disabled={!items.length || !pasted.text.trim()} onClick={() => void start()} data-testid="page-block-run" />
      </div>
      {notice && <Callout intent="primary" compact data-testid="page-block-check">{t('blacklist.checkThenRun')}</Callout>}
      {pasted.lines && <RecognisedList lines={pasted.lines} format="person" testId="page-block-recognised" />}
    </div>
  );
}
