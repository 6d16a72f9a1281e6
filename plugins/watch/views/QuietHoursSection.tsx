import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Callout, Card, FormGroup, H4, InputGroup, MenuItem, Spinner, Switch, Tag } from '@blueprintjs/core';
import { Suggest, type ItemListPredicate, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useTranslation } from 'react-i18next';
import { API, apiGet, apiPost, useApi } from '@kernel';
import { HHMM, browserTimeZone, reasonOf, timeZones } from './settings-model';
import { LoadFailed } from './LoadFailed';

/** At most this many time zones in the open list (typing narrows it). */
const SHOWN = 80;

const filterZones: ItemListPredicate<string> = (query, zones) => {
  const q = query.trim().toLowerCase().replace(/\s+/g, '_');
  return (q ? zones.filter((z) => z.toLowerCase().includes(q)) : zones).slice(0, SHOWN);
};

const renderZone: ItemRenderer<string> = (zone, { handleClick, handleFocus, modifiers, ref }) => (
  modifiers.matchesPredicate ? <MenuItem key={zone} ref={ref} text={zone} active={modifiers.active} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" /> : null
);

/**
 * Quiet hours: none, or from–to in a time zone. Saves only `quietHours` (the same endpoint keeps the
 * scheduled checks' choices, which a part left out leaves as they are).
 */
export function QuietHoursSection() {
  const { t } = useTranslation('watch');
  const api = useApi();
  const own = useMemo(browserTimeZone, []);
  const zones = useMemo(() => timeZones(own), [own]);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [on, setOn] = useState(false);
  const [from, setFrom] = useState('22:00');
  const [to, setTo] = useState('07:00');
  const [timeZone, setTimeZone] = useState(own);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const { quietHours } = await apiGet(api, API.watch.settings);
      setOn(!!quietHours);
      if (quietHours) {
        setFrom(quietHours.from);
        setTo(quietHours.to);
        setTimeZone(quietHours.timeZone);
      }
      setLoaded(true);
    } catch (e) {
      setLoadError(reasonOf(e));
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const changed = <T,>(setter: (v: T) => void) => (v: T) => { setter(v); setSaved(false); };

  const save = async () => {
    setProblem(null);
    setSaved(false);
    if (on && (!HHMM.test(from) || !HHMM.test(to))) return setProblem(t('settings.quiet.timesRequired'));
    if (on && !zones.includes(timeZone)) return setProblem(t('settings.quiet.timeZoneUnknown'));
    setSaving(true);
    try {
      await apiPost(api, API.watch.saveSettings, { quietHours: on ? { from, to, timeZone } : null });
      setSaved(true);
    } catch (e) {
      setProblem(t('settings.quiet.failed', { reason: reasonOf(e) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="tessera-watch-section" data-watch-section="quiet">
      <H4>{t('settings.quiet.title')}</H4>
      <p className="bp6-text-muted">{t('settings.quiet.note')}</p>
      {loadError && <LoadFailed reason={loadError} retry={load} />}
      {!loaded && !loadError && <Spinner size={20} />}
      {loaded && (
        <form onSubmit={(e) => { e.preventDefault(); void save(); }} data-watch-quiet-form>
          <Switch checked={on} label={t('settings.quiet.on')} onChange={(e) => changed(setOn)(e.currentTarget.checked)} />
          {on && (
            <div className="tessera-watch-quiet">
              <FormGroup label={t('settings.quiet.from')} labelFor="watch-quiet-from">
                <InputGroup id="watch-quiet-from" type="time" value={from} onChange={(e) => changed(setFrom)(e.currentTarget.value)} />
              </FormGroup>
              <FormGroup label={t('settings.quiet.to')} labelFor="watch-quiet-to">
                <InputGroup id="watch-quiet-to" type="time" value={to} onChange={(e) => changed(setTo)(e.currentTarget.value)} />
              </FormGroup>
              <FormGroup label={t('settings.quiet.timeZone')} labelFor="watch-quiet-zone" className="tessera-watch-zone">
                <Suggest<string>
                  items={zones}
                  selectedItem={timeZone}
                  onItemSelect={changed(setTimeZone)}
                  itemListPredicate={filterZones}
                  itemRenderer={renderZone}
                  inputValueRenderer={(z) => z}
                  noResults={<MenuItem disabled text={t('settings.quiet.noTimeZone')} roleStructure="listoption" />}
                  inputProps={{ id: 'watch-quiet-zone', placeholder: t('settings.quiet.timeZoneSearch') }}
                  popoverProps={{ minimal: true, matchTargetWidth: true }}
                  resetOnClose
                  fill
                />
              </FormGroup>
            </div>
          )}
          {on && from > to && HHMM.test(from) && HHMM.test(to) && <p className="bp6-text-muted">{t('settings.quiet.overnight', { from, to })}</p>}
          {problem && <Callout intent="danger" className="tessera-watch-callout" data-watch-form-problem>{problem}</Callout>}
          <div className="tessera-form-actions tessera-watch-actions">
            {saved && <Tag intent="success" icon="tick" data-watch-saved>{t('settings.saved')}</Tag>}
            <Button type="submit" intent="primary" loading={saving} text={t('settings.quiet.save')} data-testid="watch-quiet-save" />
          </div>
        </form>
      )}
    </Card>
  );
}
