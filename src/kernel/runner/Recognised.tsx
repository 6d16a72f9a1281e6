import { useCallback, useRef, useState } from 'react';
import { HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { hostProblemKey, idsOf, needsLookup, pastedWordKeys, readPasted, recognise, type PastedFormat, type PastedLine, type PastedProblem, type Recognised } from '../platform/pasted';

/** Lines listed at most; the rest are counted. */
const LINES_SHOWN = 100;

type Translate = (key: string | string[], options?: Record<string, unknown>) => string;

/** Why a pasted line is refused, in the operator's words (the kind's own, from the plugin that declares it, or the kernel's). */
export function pastedProblemText(t: Translate, format: PastedFormat, problem: PastedProblem): string {
  if (problem === 'host') return t(hostProblemKey(format));
  if (problem === 'entry' || problem === 'link') return t(pastedWordKeys(format, problem));
  return t(`kernel:pasted.problem.${problem}`);
}

/**
 * Recognises pasted lines through the page's bridge, remembering what the platform answered (a
 * preview then a start, or a field read on leaving it then on Start, asks once).
 */
export function useRecogniser(): (format: PastedFormat, lines: readonly PastedLine[], signal?: AbortSignal) => Promise<Recognised[]> {
  const { bridge } = useKernel();
  const memo = useRef(new Map<string, string | undefined>());
  return useCallback((format, lines, signal) => recognise(bridge, format, lines, { memo: memo.current, signal }), [bridge]);
}

/** A pasted list on a screen: its text, what the current text became once read, and the reading. */
export interface PastedList {
  text: string;
  setText: (text: string) => void;
  /** What the current text became, or null until it is read (a change of text forgets it). */
  lines: Recognised[] | null;
  reading: boolean;
  /**
   * Reads the current text (once per text): its ids, its lines, and `fresh` — true when links or names
   * were looked up just now, so the operator has not seen them recognised yet and nothing should start.
   */
  read: () => Promise<{ ids: string[]; lines: Recognised[]; fresh: boolean }>;
}

/** A screen's pasted list of one format, read the kernel's way (the same as the action dialog's fields). */
export function usePastedList(format: PastedFormat): PastedList {
  const recogniser = useRecogniser();
  const [text, setText] = useState('');
  const [seen, setSeen] = useState<{ text: string; lines: Recognised[] } | null>(null);
  const [reading, setReading] = useState(false);
  const lines = seen && seen.text === text ? seen.lines : null;
  const read = async () => {
    if (lines) return { ids: idsOf(lines), lines, fresh: false };
    const pasted = readPasted(format, text);
    setReading(true);
    try {
      const found = await recogniser(format, pasted);
      setSeen({ text, lines: found });
      return { ids: idsOf(found), lines: found, fresh: needsLookup(pasted) };
    } finally {
      setReading(false);
    }
  };
  return { text, setText, lines, reading, read };
}

/**
 * What a pasted list became, line by line, before anything is sent: the id read or found, the
 * platform's name for it, the lines that name nothing (left out, never sent) and the refused ones
 * with why, all of them however long the list (only usable lines past the first 100 are counted).
 * The same list in the action dialog and on every screen that takes pasted ids.
 */
export function RecognisedList({ lines, format, testId = 'recognised' }: { lines: readonly Recognised[]; format: PastedFormat; testId?: string }) {
  const { t } = useTranslation('kernel');
  const ids = idsOf(lines).length;
  const notFound = lines.filter((l) => l.state === 'notFound').length;
  const refused = lines.filter((l) => l.state === 'refused').length;
  // the first lines, and every line that cannot be used wherever it is: none is ever hidden in the count
  const shown = lines.filter((l, i) => i < LINES_SHOWN || l.state === 'refused' || l.state === 'notFound');
  const result = (l: Recognised) => {
    if (l.state === 'refused') return <Tag minimal multiline intent="danger">{pastedProblemText(t, format, l.problem ?? 'entry')}</Tag>;
    if (l.state === 'notFound') return <Tag minimal multiline intent="warning">{t('pasted.state.notFound')}</Tag>;
    const state = l.state === 'id' && l.text !== l.id ? 'read' : l.state;
    return <Tag minimal multiline intent="success">{t(`pasted.state.${state}`)}</Tag>;
  };
  return (
    <div className="tessera-recognised" data-testid={testId} data-ids={ids} data-not-found={notFound} data-refused={refused}>
      <div className="tessera-recognised__summary" id={`${testId}-summary`} data-testid={`${testId}-summary`}>{t('pasted.summary', { ids, notFound, refused })}</div>
      {/* a box that scrolls is a stop of its own, so the keyboard can scroll it */}
      <div className="tessera-recognised__lines" tabIndex={0} role="region" aria-labelledby={`${testId}-summary`}>
        <HTMLTable compact striped>
          <colgroup><col style={{ width: '3.5em' }} /><col style={{ width: '32%' }} /><col style={{ width: '24%' }} /><col style={{ width: '17%' }} /><col /></colgroup>
          <thead><tr><th>{t('pasted.line')}</th><th>{t('pasted.entry')}</th><th>{t('pasted.result')}</th><th>{t('pasted.id')}</th><th>{t('pasted.name')}</th></tr></thead>
          <tbody>
            {shown.map((l) => (
              <tr key={l.line} data-line={l.line} data-state={l.state}>
                <td>{l.line}</td>
                <td className="tessera-pre">{l.text}</td>
                <td>{result(l)}</td>
                <td>{l.id ?? ''}</td>
                <td className="tessera-pre">{l.id ? (l.name ?? (format === 'email' ? '' : <span className="bp6-text-muted">{t('pasted.noName')}</span>)) : ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {lines.length > shown.length && <p>{t('pasted.more', { count: lines.length - shown.length })}</p>}
    </div>
  );
}
RecognisedList.displayName = 'RecognisedList';
