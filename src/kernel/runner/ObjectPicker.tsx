import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { MultiSelect, type ItemRenderer, type ItemListRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useTranslation } from 'react-i18next';
import { pastedWordKeys, readEntry, readPasted, type PastedFormat } from '../platform/pasted';
import { useSettings } from '../core/settings';
import { asObject, useCachedObjects, useObjectRowTypes, useTileSelections, type PickableObject } from './object-sources';

export interface ObjectPickerProps {
  /** What the field names (its schema's `format`): the picker offers the objects the plugins declare for it, and shows nothing for a format none declares. */
  format: PastedFormat;
  /** The field's text: one entry per line (a list), or the one value. */
  text: string;
  /** The text with the picked ids: added one per line (a list), or in place of the value (`single`). */
  onChange: (text: string) => void;
  /** A field of one value: picking replaces it, and a tile's selection is offered only when it is one object. */
  single?: boolean;
  /** Called when the picker is left, and after a tile's selection was added (the dialog then reads the field). */
  onBlur?: () => void;
  /** Marks the picker for tests (`object-picker` by default). */
  testId?: string;
}

/** How many matches the menu lists at once: more are narrowed by typing. */
const SHOWN = 100;
/** How many picked objects are shown as tags: the text area below lists them all. */
const TAGS = 30;

/**
 * Picking the objects a field names instead of typing their ids: a search of the objects the product
 * has loaded (the areas' cached lists of the row types the plugins declare for the field's format,
 * object-sources.ts), by name or id, with the keyboard; and one button per open workspace tile whose
 * selection is of those row types ("Ad account list: 12 selected"), which adds them all. Picking writes
 * the ids into the field's text, one per line, as the list shows them (an ad account as `act_…`): the
 * kernel's reading of pasted ids, the recognised list, the count and the checks stay what they are.
 * The objects of the text the picker knows are shown as tags, by name; removing a tag removes its line.
 */
export function ObjectPicker({ format, text, onChange, single = false, onBlur, testId = 'object-picker' }: ObjectPickerProps) {
  const rowTypes = useObjectRowTypes(format);
  if (!rowTypes.length) return null;
  return <Picker format={format} rowTypes={rowTypes} text={text} onChange={onChange} single={single} onBlur={onBlur} testId={testId} />;
}
ObjectPicker.displayName = 'ObjectPicker';

/** The id an entry names for the field's format (digits for `act_…`), or the entry itself when it names none. */
function keyOf(format: PastedFormat, entry: string): string {
  const r = readEntry(format, entry.trim());
  return r.kind === 'id' ? r.id : entry.trim();
}

function Picker({ format, rowTypes, text, onChange, single, onBlur, testId }: Required<Omit<ObjectPickerProps, 'onBlur'>> & { rowTypes: readonly string[]; onBlur?: () => void }) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  // the kind's word ("ad accounts"), in the words of the plugin that declares it
  const kind = t(pastedWordKeys(format, 'kind'));
  const cached = useCachedObjects(rowTypes);
  const selections = useTileSelections();
  const tiles = useMemo(() => selections.filter((s) => rowTypes.includes(s.rowType) && s.ids.length > 0 && (!single || s.ids.length === 1)), [selections, rowTypes, single]);
  const [query, setQuery] = useState('');
  /** A tile's selection was just added: the field is read once the new text is in (the props then carry it). */
  const readAfterAdd = useRef(false);
  useEffect(() => {
    if (!readAfterAdd.current) return;
    readAfterAdd.current = false;
    onBlur?.();
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps

  // every object known: the cached lists, then what the open tiles selected (their items carry names too)
  const tileObjects = useMemo(() => tiles.flatMap((s) => (s.items ?? s.ids.map((id) => ({ id }))).flatMap((item) => asObject(item, s.rowType) ?? [])), [tiles]);
  const known = useMemo(() => {
    const byKey = new Map<string, PickableObject>();
    for (const o of [...cached, ...tileObjects]) {
      const key = keyOf(format, o.id);
      const had = byKey.get(key);
      if (!had || (!had.name && o.name)) byKey.set(key, o);
    }
    return byKey;
  }, [cached, tileObjects, format]);
  const all = useMemo(() => [...known.values()], [known]);

  // what the text names, by id: the objects shown as tags and ticked in the menu
  const entries = useMemo(() => (single ? (text.trim() ? [text.trim()] : []) : readPasted(format, text).map((l) => l.text)), [text, format, single]);
  const inText = useMemo(() => new Set(entries.map((e) => keyOf(format, e))), [entries, format]);
  const picked = useMemo(() => [...inText].flatMap((key) => known.get(key) ?? []), [inText, known]);

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return all;
    const digits = keyOf(format, q);
    return all.filter((o) => o.name.toLowerCase().includes(q) || o.id.toLowerCase().includes(q) || (digits !== q && keyOf(format, o.id).includes(digits)));
  }, [all, query, format]);
  // the same arrays while nothing changed: new ones would make the menu start again at its first item
  const shown = useMemo(() => matches.slice(0, SHOWN), [matches]);
  const tags = useMemo(() => picked.slice(0, TAGS), [picked]);

  const add = (ids: readonly string[]) => {
    if (single) { onChange(ids[0] ?? ''); return; }
    const fresh = ids.filter((id, i) => !inText.has(keyOf(format, id)) && ids.findIndex((other) => keyOf(format, other) === keyOf(format, id)) === i);
    if (!fresh.length) return;
    const kept = text.replace(/\s+$/, '');
    onChange(kept ? `${kept}\n${fresh.join('\n')}` : fresh.join('\n'));
  };
  const remove = (o: PickableObject) => {
    const key = keyOf(format, o.id);
    if (single) { onChange(''); return; }
    onChange(text.split(/\r\n|\r|\n/).filter((line) => !line.trim() || keyOf(format, line) !== key).join('\n'));
  };

  const renderItem: ItemRenderer<PickableObject> = (o, { handleClick, handleFocus, modifiers }) => {
    if (!modifiers.matchesPredicate) return null;
    const selected = inText.has(keyOf(format, o.id));
    return (
      <MenuItem key={o.id} text={o.name || o.id} label={o.name ? o.id : undefined} active={modifiers.active} disabled={modifiers.disabled}
        roleStructure="listoption" selected={selected} onClick={handleClick} onFocus={handleFocus} data-object-id={o.id} />
    );
  };
  const more = matches.length - SHOWN;
  const renderList: ItemListRenderer<PickableObject> = ({ filteredItems, renderItem: render, itemsParentRef, menuProps }) => (
    <Menu role="listbox" ulRef={itemsParentRef} {...menuProps} className="tessera-object-picker__menu" data-testid={`${testId}-menu`}>
      {filteredItems.length ? filteredItems.map(render) : <MenuItem disabled roleStructure="listoption" text={all.length ? t('picker.noMatch', { kind }) : t('picker.notLoaded', { kind })} />}
      {more > 0 && <MenuItem disabled roleStructure="listoption" text={t('picker.more', { count: more })} />}
    </Menu>
  );
  // Enter picks the highlighted object (on key up): it must not also submit the dialog's form
  const keepEnter = (e: KeyboardEvent<HTMLDivElement>) => { if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault(); };
  const hidden = picked.length - TAGS;

  // Blueprint names every tag's remove button "Remove tag", in English, whatever the tag; each is named
  // here for the object it takes out, in the operator's language (set after every render: Blueprint
  // does not set the name again on an update).
  const boxRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const tag of boxRef.current?.querySelectorAll('.bp6-tag-input-values > .bp6-tag') ?? []) {
      const remove = tag.querySelector(':scope > .bp6-tag-remove');
      const name = t('picker.remove', { name: tag.textContent ?? '' });
      if (remove && remove.getAttribute('aria-label') !== name) remove.setAttribute('aria-label', name);
    }
  });
  return (
    <div className="tessera-object-picker" data-testid={testId} onKeyDown={keepEnter} ref={boxRef}>
      <MultiSelect<PickableObject>
        items={shown}
        selectedItems={tags}
        query={query}
        onQueryChange={setQuery}
        itemRenderer={renderItem}
        itemListRenderer={renderList}
        itemsEqual={(a, b) => a.id === b.id}
        onItemSelect={(o) => { if (inText.has(keyOf(format, o.id))) remove(o); else add([o.id]); }}
        onRemove={remove}
        tagRenderer={(o) => o.name || o.id}
        placeholder={t(single ? 'picker.searchOne' : 'picker.search', { kind })}
        resetOnSelect={!single}
        fill
        // the menu opens in a portal, outside the dialog's dark class
        popoverProps={{ minimal: true, matchTargetWidth: true, placement: 'bottom-start', portalClassName: theme === 'dark' ? 'bp6-dark' : undefined }}
        tagInputProps={{
          leftIcon: 'search',
          tagProps: { minimal: true },
          inputProps: { 'aria-label': t('picker.label', { kind }), onBlur: () => onBlur?.() } as never,
          rightElement: hidden > 0 ? <Tag minimal className="tessera-object-picker__hidden">{t('picker.hidden', { count: hidden })}</Tag> : undefined,
        }}
      />
      {tiles.length > 0 && (
        <div className="tessera-object-picker__tiles" data-testid={`${testId}-tiles`}>
          <span className="bp6-text-muted">{t('picker.fromTile')}</span>
          {tiles.map((s) => {
            const added = s.ids.every((id) => inText.has(keyOf(format, id)));
            return (
              <Button key={s.tileId} size="small" variant="outlined" icon={added ? 'tick' : 'add'} disabled={added} data-tile-id={s.tileId}
                text={t('picker.tile', { tile: s.title, count: s.ids.length })}
                onClick={() => { readAfterAdd.current = true; add(s.ids); }} />
            );
          })}
        </div>
      )}
    </div>
  );
}
