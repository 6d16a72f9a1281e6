import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useBus } from '../KernelProvider';

/** One section of an object's detail panel: read on its own, so one failure leaves the others. */
export type Section<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string } | { state: 'hidden' };

/** A section's read (given the panel's abort signal), or null for a section this object does not show. */
export type SectionReads<D> = { [K in keyof D]: ((signal: AbortSignal) => Promise<D[K]>) | null };
export type Sections<D> = { [K in keyof D]: Section<D[K]> };

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Unknown error');

/**
 * The sections of an object's detail panel (a business's people, a pixel's partners …): each read when
 * the panel opens on `key` (null: no object), again after any job of `area` ends (a change made from the
 * panel shows), each failing alone; a read left out (null) is hidden. `key` names everything the reads
 * depend on, so a new key reads again and the answers for an old one are dropped.
 */
export function useSections<D extends object>(key: string | null, area: string, reads: () => SectionReads<D>): Sections<D> {
  const bus = useBus();
  const latest = useRef(reads);
  latest.current = reads;
  const [round, setRound] = useState(0);
  const [data, setData] = useState<Sections<D>>(() => loading(reads()));
  useEffect(() => {
    const onFinished = (e: { actionId: string }) => { if (e.actionId.startsWith(`${area}.`)) setRound((r) => r + 1); };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus, area]);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const all = latest.current();
    setData(loading(all));
    for (const name of Object.keys(all) as (keyof D)[]) {
      const read = all[name];
      if (!read) continue;
      read(controller.signal).then(
        (value) => { if (!controller.signal.aborted) setData((d) => ({ ...d, [name]: { state: 'ready', data: value } })); },
        (e: unknown) => { if (!controller.signal.aborted) setData((d) => ({ ...d, [name]: { state: 'error', message: errorText(e) } })); },
      );
    }
    return () => controller.abort();
  }, [key, round]);
  return data;
}

function loading<D>(reads: SectionReads<D>): Sections<D> {
  const out = {} as Sections<D>;
  for (const name of Object.keys(reads) as (keyof D)[]) out[name] = reads[name] ? { state: 'loading' } : { state: 'hidden' };
  return out;
}

/** Rows a section lists at most; the rest are counted. */
export const SECTION_ROWS = 200;

/** A section as a small table: a spinner while it loads, the platform's words if it failed, "None" when empty (platform text as text). */
export function SectionView<T>({ section, head, row, testId, max = SECTION_ROWS }: { section: Section<T[]>; head: string[]; row: (x: T) => ReactNode[]; testId: string; max?: number }) {
  const { t } = useTranslation('kernel');
  if (section.state === 'loading') return <Spinner size={16} />;
  if (section.state === 'hidden') return null;
  if (section.state === 'error') return <Callout intent="danger" compact className="tessera-pre">{section.message}</Callout>;
  if (section.data.length === 0) return <p className="bp6-text-muted" data-testid={testId}>{t('sections.none')}</p>;
  return (
    <>
      <HTMLTable compact striped data-testid={testId}>
        <thead><tr>{head.map((h) => <th key={h}>{h}</th>)}</tr></thead>
        <tbody>{section.data.slice(0, max).map((x, i) => <tr key={i}>{row(x).map((c, k) => <td key={k}>{c}</td>)}</tr>)}</tbody>
      </HTMLTable>
      {section.data.length > max && <p className="bp6-text-muted">{t('sections.showing', { shown: max, total: section.data.length })}</p>}
    </>
  );
}
SectionView.displayName = 'SectionView';
