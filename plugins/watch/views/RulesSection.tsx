import { useCallback, useEffect, useState } from 'react';
import {
  Alert, Button, Callout, Card, Dialog, DialogBody, DialogFooter, FormGroup, H4, H5, HTMLSelect, HTMLTable, InputGroup, Radio, RadioGroup, Spinner, Switch, TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  API, WATCH_TYPES, apiGet, apiPost, useApi, type WatchOp, type WatchRuleBody, type WatchRuleView, type WatchType, type WatchValue,
} from '@kernel';
import { NO_VALUE, OPS_BY_KIND, RULE_IDS_MAX, codeValue, fieldsOf, kindOf, readIds, reasonOf } from './settings-model';
import { useWatchWords } from './use-watch-words';
import { LoadFailed } from './LoadFailed';
import { useWatchScope } from './team-scope';

/**
 * The presets (on/off only) and the operator's own rules (a list, a form, deletion); in a team, the
 * team's, read-only for members who are not its owners or admins.
 */
export function RulesSection() {
  const { t } = useTranslation('watch');
  const api = useApi();
  const { team, readOnly } = useWatchScope();
  const [rules, setRules] = useState<WatchRuleView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<WatchRuleView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WatchRuleView | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setRules(await apiGet(api, API.watch.rules));
    } catch (e) {
      setLoadError(reasonOf(e));
    }
  }, [api, team?.id]);
  useEffect(() => { void load(); }, [load]);

  const replace = (id: string, next: WatchRuleView | null) => setRules((list) => {
    if (!list) return list;
    if (!next) return list.filter((r) => r.id !== id);
    return list.some((r) => r.id === id) ? list.map((r) => (r.id === id ? next : r)) : [...list, next];
  });

  const switchRule = async (rule: WatchRuleView, enabled: boolean) => {
    setBusy(rule.id);
    setSwitchError(null);
    try {
      replace(rule.id, await apiPost(api, API.watch.saveRule, { id: rule.id, enabled }));
    } catch (e) {
      setSwitchError(t('settings.rules.presetFailed', { reason: reasonOf(e) }));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (rule: WatchRuleView) => {
    try {
      await apiPost(api, API.watch.saveRule, { id: rule.id, delete: true });
      replace(rule.id, null);
    } catch (e) {
      setSwitchError(t('settings.rules.failed', { reason: reasonOf(e) }));
    }
  };

  const presets = rules?.filter((r) => r.preset) ?? [];
  const own = rules?.filter((r) => !r.preset) ?? [];
  return (
    <Card className="tessera-watch-section" data-watch-section="rules">
      <H4>{t('settings.rules.title')}</H4>
      {loadError && <LoadFailed reason={loadError} retry={load} />}
      {!rules && !loadError && <Spinner size={20} />}
      {switchError && <Callout intent="danger" className="tessera-watch-callout">{switchError}</Callout>}
      {rules && (
        <>
          <H5>{t('settings.rules.presets')}</H5>
          <p className="bp6-text-muted">{t('settings.rules.presetsNote')}</p>
          <div className="tessera-watch-presets" data-watch-presets>
            {presets.map((p) => (
              <Switch key={p.id} data-watch-preset={p.id} checked={p.enabled} disabled={readOnly || busy === p.id} label={p.name}
                onChange={(e) => void switchRule(p, e.currentTarget.checked)} />
            ))}
          </div>
          <div className="tessera-card-head">
            <H5>{t('settings.rules.own')}</H5>
            <Button icon="add" intent="primary" text={t('settings.rules.add')} disabled={readOnly} onClick={() => setEditing('new')} data-testid="watch-rule-add" />
          </div>
          {own.length ? <OwnRules rules={own} busy={busy} readOnly={readOnly} onSwitch={switchRule} onEdit={setEditing} onDelete={setDeleting} />
            : <p className="bp6-text-muted" data-watch-rules-empty>{t('settings.rules.ownEmpty')}</p>}
        </>
      )}
      {editing && (
        <RuleForm rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)}
          onSaved={(saved) => { replace(saved.id, saved); setEditing(null); }} />
      )}
      <Alert isOpen={!!deleting} intent="danger" icon="trash" cancelButtonText={t('settings.rules.cancel')} confirmButtonText={t('settings.rules.deleteConfirm')}
        onCancel={() => setDeleting(null)} onConfirm={() => { if (deleting) void remove(deleting); setDeleting(null); }}>
        <H5>{t('settings.rules.deleteTitle')}</H5>
        <p>{t('settings.rules.deleteText', { name: deleting?.name ?? '' })}</p>
      </Alert>
    </Card>
  );
}

/** A value in words: a code as its area words it, yes/no, else as written. */
function useValueWords() {
  const { t } = useTranslation('watch');
  const { codesOf } = useWatchWords();
  return (type: WatchType, field: string, value: WatchValue) => {
    if (value === null || value === '') return '';
    const word = codesOf(type, field)?.find(([code]) => code === String(value))?.[1];
    if (word) return word;
    if (typeof value === 'boolean') return t(value ? 'settings.rules.yes' : 'settings.rules.no');
    return String(value);
  };
}

function OwnRules({ rules, busy, readOnly, onSwitch, onEdit, onDelete }: {
  rules: WatchRuleView[]; busy: string | null; readOnly: boolean;
  onSwitch: (r: WatchRuleView, enabled: boolean) => void; onEdit: (r: WatchRuleView) => void; onDelete: (r: WatchRuleView) => void;
}) {
  const { t } = useTranslation('watch');
  const { typeWord, fieldWord } = useWatchWords();
  const valueWords = useValueWords();
  return (
    <HTMLTable compact striped className="tessera-watch-table" data-watch-rules>
      <thead>
        <tr>
          <th>{t('settings.rules.enabled')}</th>
          <th>{t('settings.rules.name')}</th>
          <th>{t('settings.rules.condition')}</th>
          <th>{t('settings.rules.objects')}</th>
          <th aria-label={t('settings.rules.edit')} />
        </tr>
      </thead>
      <tbody>
        {rules.map((r) => {
          const type = r.type as WatchType;
          const condition = [typeWord(type), '·', fieldWord(r.field ?? ''), r.op ? t(`settings.rules.ops.${r.op}`) : '', r.op && !NO_VALUE.has(r.op) ? valueWords(type, r.field ?? '', r.value) : '']
            .filter(Boolean).join(' ');
          return (
            <tr key={r.id} data-watch-rule={r.id}>
              <td><Switch checked={r.enabled} disabled={readOnly || busy === r.id} aria-label={`${t('settings.rules.enabled')}: ${r.name}`} onChange={(e) => onSwitch(r, e.currentTarget.checked)} /></td>
              <td>{r.name}</td>
              <td>{condition}</td>
              <td>{r.objects === 'all' ? t('settings.rules.allObjects') : <span title={r.objects.join('\n')}>{t('settings.rules.someObjects', { count: r.objects.length })}</span>}</td>
              <td className="tessera-watch-row-buttons">
                <Button small icon="edit" text={t('settings.rules.edit')} disabled={readOnly} onClick={() => onEdit(r)} />
                <Button small icon="trash" intent="danger" variant="minimal" text={t('settings.rules.delete')} disabled={readOnly} onClick={() => onDelete(r)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

interface Draft {
  name: string;
  type: WatchType;
  field: string;
  op: WatchOp;
  /** the value as typed, or the code chosen from the field's words */
  value: string;
  /** a code of the field's words was chosen (else the value is typed) */
  fromWords: boolean;
  which: 'all' | 'listed';
  ids: string;
  enabled: boolean;
}

function draftOf(rule: WatchRuleView | null, hasCode: (type: WatchType, field: string, code: string) => boolean): Draft {
  if (!rule || !rule.type || rule.type === 'check') {
    const type = WATCH_TYPES[0];
    const field = fieldsOf(type)[0];
    return { name: '', type, field, op: OPS_BY_KIND[kindOf(type, field)][0], value: '', fromWords: true, which: 'all', ids: '', enabled: true };
  }
  const value = rule.value === null ? '' : String(rule.value);
  return {
    name: rule.name, type: rule.type, field: rule.field ?? fieldsOf(rule.type)[0], op: rule.op ?? 'eq', value,
    fromWords: value === '' || hasCode(rule.type, rule.field ?? '', value),
    which: rule.objects === 'all' ? 'all' : 'listed', ids: rule.objects === 'all' ? '' : rule.objects.join('\n'), enabled: rule.enabled,
  };
}

/** Adds or changes an operator rule. What the server refuses is shown here, the input kept. */
function RuleForm({ rule, onClose, onSaved }: { rule: WatchRuleView | null; onClose: () => void; onSaved: (r: WatchRuleView) => void }) {
  const { t } = useTranslation('watch');
  const { t: tk } = useTranslation();
  const api = useApi();
  const { typeWord, fieldWord, codesOf } = useWatchWords();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule, (type, field, code) => !!codesOf(type, field)?.some(([c]) => c === code)));
  const [problem, setProblem] = useState<string | null>(null);
  const [badLines, setBadLines] = useState<{ line: number; text: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const kind = kindOf(draft.type, draft.field);
  const ops = OPS_BY_KIND[kind];
  const codes = kind === 'value' ? codesOf(draft.type, draft.field) : null;
  const wordsShown = !!codes && draft.fromWords;
  const needsValue = !NO_VALUE.has(draft.op);

  const chooseField = (type: WatchType, field: string) => {
    const nextOps = OPS_BY_KIND[kindOf(type, field)];
    // a comparison the new field does not take falls back to the field's first; the value starts again
    set({ type, field, op: nextOps.includes(draft.op) ? draft.op : nextOps[0], value: '', fromWords: true });
  };

  const save = async () => {
    setProblem(null);
    setBadLines([]);
    if (!draft.name.trim()) return setProblem(t('settings.rules.nameRequired'));
    const chosenCode = wordsShown ? (draft.value || codes![0][0]) : null;
    if (needsValue && chosenCode === null && !draft.value.trim()) return setProblem(t('settings.rules.valueRequired'));
    let objects: 'all' | string[] = 'all';
    if (draft.which === 'listed') {
      const { ids, bad } = readIds(draft.ids);
      if (bad.length) return setBadLines(bad);
      if (!ids.length) return setProblem(t('settings.rules.idsRequired'));
      if (ids.length > RULE_IDS_MAX) return setProblem(t('settings.rules.idsTooMany', { max: RULE_IDS_MAX, count: ids.length }));
      objects = ids;
    }
    const value: WatchValue = !needsValue ? null : chosenCode !== null ? codeValue(chosenCode) : draft.value.trim();
    const body: WatchRuleBody = { name: draft.name.trim(), type: draft.type, field: draft.field, op: draft.op, value, objects, enabled: draft.enabled };
    if (rule) body.id = rule.id;
    setSaving(true);
    try {
      const saved = await apiPost(api, API.watch.saveRule, body);
      if (saved) onSaved(saved);
    } catch (e) {
      setProblem(t('settings.rules.failed', { reason: reasonOf(e) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(rule ? 'settings.rules.formEdit' : 'settings.rules.formNew')} className="tessera-watch-dialog">
      <form onSubmit={(e) => { e.preventDefault(); void save(); }} data-watch-rule-form>
        <DialogBody>
          <FormGroup label={t('settings.rules.name')} labelFor="watch-rule-name">
            <InputGroup id="watch-rule-name" value={draft.name} maxLength={100} onChange={(e) => set({ name: e.currentTarget.value })} />
          </FormGroup>
          <div className="tessera-watch-condition">
            <FormGroup label={t('settings.rules.type')} labelFor="watch-rule-type">
              <HTMLSelect id="watch-rule-type" fill value={draft.type} onChange={(e) => { const type = e.currentTarget.value as WatchType; chooseField(type, fieldsOf(type)[0]); }}>
                {WATCH_TYPES.map((type) => <option key={type} value={type}>{typeWord(type)}</option>)}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('settings.rules.field')} labelFor="watch-rule-field">
              <HTMLSelect id="watch-rule-field" fill value={draft.field} onChange={(e) => chooseField(draft.type, e.currentTarget.value)}>
                {fieldsOf(draft.type).map((f) => <option key={f} value={f}>{fieldWord(f)}</option>)}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('settings.rules.op')} labelFor="watch-rule-op">
              <HTMLSelect id="watch-rule-op" fill value={draft.op} onChange={(e) => set({ op: e.currentTarget.value as WatchOp })}>
                {ops.map((op) => <option key={op} value={op}>{t(`settings.rules.ops.${op}`)}</option>)}
              </HTMLSelect>
            </FormGroup>
            {needsValue && (
              <FormGroup label={t(kind === 'list' ? 'settings.rules.member' : 'settings.rules.value')} labelFor="watch-rule-value"
                helperText={kind === 'list' ? t('settings.rules.memberHelp') : wordsShown ? undefined : t('settings.rules.valueHelp')}>
                {wordsShown ? (
                  <HTMLSelect id="watch-rule-value" fill value={draft.value || codes![0][0]}
                    onChange={(e) => (e.currentTarget.value === '' ? set({ fromWords: false, value: '' }) : set({ value: e.currentTarget.value }))}>
                    {codes!.map(([code, word]) => <option key={code} value={code}>{word}</option>)}
                    <option value="">{t('settings.rules.otherValue')}</option>
                  </HTMLSelect>
                ) : (
                  <InputGroup id="watch-rule-value" value={draft.value} maxLength={500} onChange={(e) => set({ value: e.currentTarget.value })}
                    rightElement={codes ? <Button variant="minimal" icon="properties" title={t('settings.rules.fromList')} aria-label={t('settings.rules.fromList')} onClick={() => set({ fromWords: true, value: '' })} /> : undefined} />
                )}
              </FormGroup>
            )}
          </div>
          <FormGroup label={t('settings.rules.which')}>
            <RadioGroup selectedValue={draft.which} onChange={(e) => set({ which: e.currentTarget.value as Draft['which'] })} inline>
              <Radio value="all" label={t('settings.rules.whichAll')} />
              <Radio value="listed" label={t('settings.rules.whichListed')} />
            </RadioGroup>
          </FormGroup>
          {draft.which === 'listed' && (
            <FormGroup label={t('settings.rules.ids')} labelFor="watch-rule-ids" helperText={t('settings.rules.idsHelp')}>
              <TextArea id="watch-rule-ids" fill rows={5} value={draft.ids} intent={badLines.length ? 'danger' : 'none'}
                onChange={(e) => set({ ids: e.currentTarget.value })} />
            </FormGroup>
          )}
          {badLines.length > 0 && (
            <Callout intent="danger" className="tessera-watch-callout" data-watch-bad-lines>
              {t('settings.rules.badLines', { count: badLines.length })}
              <ul>{badLines.slice(0, 20).map((b) => <li key={b.line}>{t('settings.rules.badLine', { line: b.line, text: b.text })}</li>)}</ul>
            </Callout>
          )}
          <Switch checked={draft.enabled} label={t('settings.rules.on')} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
          {problem && <Callout intent="danger" className="tessera-watch-callout" data-watch-form-problem>{problem}</Callout>}
        </DialogBody>
        <DialogFooter actions={(
          <>
            <Button text={tk('common.cancel')} onClick={onClose} />
            <Button type="submit" intent="primary" loading={saving} text={t('settings.rules.save')} data-testid="watch-rule-save" />
          </>
        )} />
      </form>
    </Dialog>
  );
}
