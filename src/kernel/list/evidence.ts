import Papa from 'papaparse';
import type { TFunction } from 'i18next';
import { guardCsvCell } from '../table/csv';
import { changeWords, fieldWord, jobOf, valueWords, type Owner } from './WatchChanges';
import type { WatchChange, WatchType, WatchValue } from '../../../protocol/api';
import type { EvidenceExtras, EvidenceRead, EvidenceSpend } from './evidence-types';

export type { EvidenceActivity, EvidenceExtras, EvidenceRead, EvidenceSpend } from './evidence-types';

// An object's appeal evidence (issue 34 item 5; docs/DECISIONS.md, "The watch: appeal evidence (issue 34)"):
// the last 30 days of one ad account, business or page as a readable page (HTML, styles inline, nothing
// loaded from elsewhere) and a spreadsheet (CSV), in the operator's language. This module only writes
// them from what was gathered (./evidence-export.ts reads). Every text the platform or the server gave
// is escaped: a name like `<img onerror=…>` reads as text in the page.

/** How far back the evidence looks. */
export const EVIDENCE_DAYS = 30;

/** The fields whose changes make the status timeline (the rest are listed with every change). */
export const STATUS_FIELDS: ReadonlySet<string> = new Set(['status', 'disableReason', 'restriction', 'verification', 'published', 'deactivation']);

/** A Tessera job that made a change: its action (as words) and who started it. */
export interface EvidenceJob {
  action: string | null;
  startedBy: string;
  /** the platform user the job ran as */
  identity: string | null;
}

export interface EvidenceInput {
  object: { type: WatchType; id: string; name: string };
  /** the export time and the start of the period */
  now: Date;
  since: Date;
  /** who exported it (the signed-in operator) */
  exportedBy: string;
  /** the object's fields as the area shows them now (status, disable reason, …): watch fields → values */
  current: Record<string, WatchValue>;
  /** the server's changes of the object in the period, any order */
  changes: EvidenceRead<WatchChange[]>;
  /** whether the server had more changes than it answered */
  capped?: number | null;
  /** the jobs named by the changes, by job id (a job not in it is named by its id only) */
  jobs: ReadonlyMap<string, EvidenceJob>;
  extras: EvidenceExtras;
}

/** The words the evidence is written in: the kernel's strings, the owning area's (codes), the language. */
export interface EvidenceWords {
  t: TFunction;
  owner: Owner | undefined;
  tOwner: TFunction | null;
  language: string;
}

/** A change, worded: when, what field, from and to, the whole change, who made it. */
interface WordedChange { at: string; status: boolean; field: string; from: string; to: string; what: string; by: string }

function wordChanges(input: EvidenceInput, w: EvidenceWords): WordedChange[] {
  if (!input.changes.ok) return [];
  const prefixOf = (field: string) => w.owner?.watch.words?.[field];
  // oldest first; the server answers newest first, so reversing first keeps changes of one moment in the order they were written
  return [...input.changes.value].reverse().sort((a, b) => a.at.localeCompare(b.at)).map((c) => {
    const { field, what } = changeWords(c, w.owner, w.tOwner, w.t, w.language);
    return {
      at: c.at,
      status: STATUS_FIELDS.has(c.field),
      field,
      from: valueWords(c.from, prefixOf(c.field), w.tOwner, w.t, w.language),
      to: valueWords(c.to, prefixOf(c.field), w.tOwner, w.t, w.language),
      what,
      by: whoWords(c, input.jobs, w.t),
    };
  });
}

/** "From outside", or the job with its action and who started it. */
export function whoWords(c: WatchChange, jobs: ReadonlyMap<string, EvidenceJob>, t: TFunction): string {
  const id = jobOf(c);
  if (!id) return String(t('watch.outside'));
  const job = jobs.get(id);
  if (!job) return String(t('watch.byJob', { job: id, who: t('watch.you') }));
  const action = job.action ?? t('watch.none');
  return String(job.identity
    ? t('evidence.byJobAs', { job: id, action, who: job.startedBy, identity: job.identity })
    : t('evidence.byJob', { job: id, action, who: job.startedBy }));
}

function kindWord(input: EvidenceInput, w: EvidenceWords): string {
  return w.owner && w.tOwner ? String(w.tOwner(w.owner.watch.titleKey ?? w.owner.plugin.titleKey)) : input.object.type;
}

function currentRows(input: EvidenceInput, w: EvidenceWords): [string, string][] {
  return Object.entries(input.current).map(([field, value]) => [
    fieldWord(w.t, field), valueWords(value, w.owner?.watch.words?.[field], w.tOwner, w.t, w.language),
  ]);
}

function money(value: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** The sum of the days' spend, rounded to cents (adding decimals would leave 0.30000000000000004). */
export function spendTotal(spend: EvidenceSpend): number {
  return Math.round(spend.days.reduce((sum, d) => sum + d.spend, 0) * 100) / 100;
}

const time = (iso: string, language: string) => new Date(iso).toLocaleString(language);
const day = (d: Date, language: string) => d.toLocaleDateString(language);

// ---------------------------------------------------------------------------------------------
// the page

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML: every text of the page goes through this. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

const STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1c2127;margin:32px auto;max-width:1000px;padding:0 16px}
h1{font-size:22px;margin:0 0 12px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d3d8de;padding-bottom:4px}
table{border-collapse:collapse;width:100%;margin:4px 0}th,td{border:1px solid #d3d8de;padding:4px 8px;text-align:left;vertical-align:top;white-space:pre-wrap;word-break:break-word}
th{background:#f6f7f9;font-weight:600}td.num{text-align:right;white-space:nowrap}tr.total td{font-weight:600}
.meta th{width:160px}.note{color:#5f6b7c;font-size:12px;margin-top:28px}.problem{color:#ac2f33}.outside{color:#ac2f33}
@media print{body{margin:0}h2{break-after:avoid}}`;

function table(head: readonly string[], rows: readonly (readonly string[])[], options: { className?: string; numeric?: number[]; rowClass?: (i: number) => string | undefined } = {}): string {
  const numeric = new Set(options.numeric ?? []);
  const cls = options.className ? ` class="${options.className}"` : '';
  const headHtml = head.length ? `<thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>` : '';
  const body = rows.map((r, i) => {
    const rc = options.rowClass?.(i);
    return `<tr${rc ? ` class="${rc}"` : ''}>${r.map((c, j) => `<td${numeric.has(j) ? ' class="num"' : ''}>${escapeHtml(c)}</td>`).join('')}</tr>`;
  }).join('');
  return `<table${cls}>${headHtml}<tbody>${body}</tbody></table>`;
}

const para = (text: string, className?: string) => `<p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>`;

/** The evidence as one self-contained HTML page. */
export function evidenceHtml(input: EvidenceInput, w: EvidenceWords): string {
  const { t, language } = w;
  const kind = kindWord(input, w);
  const name = input.object.name || input.object.id;
  const title = String(t('evidence.title', { kind, name }));
  const out: string[] = [];
  out.push(`<h1>${escapeHtml(title)}</h1>`);
  out.push(table([], [
    [t('evidence.object'), name],
    [t('evidence.objectId'), input.object.id],
    [t('evidence.kind'), kind],
    [t('evidence.period'), t('evidence.periodValue', { since: day(input.since, language), until: day(input.now, language), days: EVIDENCE_DAYS })],
    [t('evidence.exportedAt'), input.now.toLocaleString(language)],
    [t('evidence.exportedBy'), input.exportedBy],
    [t('evidence.timeZone'), Intl.DateTimeFormat().resolvedOptions().timeZone],
  ].map(([k, v]) => [String(k), String(v)]), { className: 'meta' }));

  out.push(`<h2>${escapeHtml(t('evidence.current'))}</h2>`);
  const current = currentRows(input, w);
  out.push(current.length ? table([t('evidence.field'), t('evidence.value')], current) : para(t('evidence.currentNone')));

  const changes = wordChanges(input, w);
  const changeTable = (list: WordedChange[]) => table(
    [t('evidence.when'), t('evidence.field'), t('evidence.what'), t('evidence.who')],
    list.map((c) => [time(c.at, language), c.field, c.what, c.by]),
  );
  out.push(`<h2>${escapeHtml(t('evidence.timeline'))}</h2>`);
  if (!input.changes.ok) out.push(para(t('evidence.unreadable', { problem: input.changes.problem }), 'problem'));
  else {
    const status = changes.filter((c) => c.status);
    out.push(status.length ? changeTable(status) : para(t('evidence.timelineNone')));
  }
  out.push(`<h2>${escapeHtml(t('evidence.changes'))}</h2>`);
  if (!input.changes.ok) out.push(para(t('evidence.unreadable', { problem: input.changes.problem }), 'problem'));
  else {
    if (input.capped) out.push(para(t('evidence.changesCapped', { count: input.capped })));
    out.push(changes.length ? changeTable(changes) : para(t('evidence.changesNone')));
  }

  const { spend, activities } = input.extras;
  if (spend) {
    out.push(`<h2>${escapeHtml(t('evidence.spend'))}</h2>`);
    if (!spend.ok) out.push(para(t('evidence.unreadable', { problem: spend.problem }), 'problem'));
    else if (!spend.value.days.length) out.push(para(t('evidence.spendNone')));
    else {
      const s = spend.value;
      const rows = [...s.days].sort((a, b) => a.date.localeCompare(b.date)).map((d) => [d.date, money(d.spend, s.currency, language)]);
      rows.push([t('evidence.spendTotal'), money(spendTotal(s), s.currency, language)]);
      out.push(table([t('evidence.spendDate'), t('evidence.spendAmount')], rows, { numeric: [1], rowClass: (i) => (i === rows.length - 1 ? 'total' : undefined) }));
    }
  }
  out.push(`<h2>${escapeHtml(t('evidence.activities'))}</h2>`);
  if (!activities) out.push(para(t('evidence.activitiesNotKept')));
  else if (!activities.ok) out.push(para(t('evidence.unreadable', { problem: activities.problem }), 'problem'));
  else if (!activities.value.length) out.push(para(t('evidence.activitiesNone')));
  else {
    out.push(table(
      [t('evidence.when'), t('evidence.actor'), t('evidence.event'), t('evidence.eventObject'), t('evidence.oldNew')],
      [...activities.value].sort((a, b) => a.at.localeCompare(b.at))
        .map((a) => [time(a.at, language), a.actor, a.event, a.object ?? '', t('watch.fromTo', { from: a.from || t('watch.none'), to: a.to || t('watch.none') })]),
    ));
  }
  out.push(`<footer class="note">${escapeHtml(t('evidence.note'))}</footer>`);
  return `<!DOCTYPE html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>\n${out.join('\n')}\n</body></html>\n`;
}

// ---------------------------------------------------------------------------------------------
// the spreadsheet

/**
 * The evidence as CSV, one row per entry (time, section, field, from, to, by), with a byte-order mark
 * so Excel reads the Chinese; a cell that would start a formula gets a leading quote (../table/csv.ts).
 */
export function evidenceCsv(input: EvidenceInput, w: EvidenceWords): string {
  const { t } = w;
  const now = input.now.toISOString();
  const rows: string[][] = [];
  for (const [field, value] of currentRows(input, w)) rows.push([now, t('evidence.csv.sectionCurrent'), field, '', value, '']);
  if (!input.changes.ok) rows.push([now, t('evidence.csv.sectionChange'), '', '', t('evidence.unreadable', { problem: input.changes.problem }), '']);
  for (const c of wordChanges(input, w)) {
    rows.push([c.at, t(c.status ? 'evidence.csv.sectionStatus' : 'evidence.csv.sectionChange'), c.field, c.from, c.to, c.by]);
  }
  const { spend, activities } = input.extras;
  if (spend && !spend.ok) rows.push([now, t('evidence.csv.sectionSpend'), '', '', t('evidence.unreadable', { problem: spend.problem }), '']);
  if (spend?.ok) {
    const s = spend.value;
    for (const d of [...s.days].sort((a, b) => a.date.localeCompare(b.date))) rows.push([d.date, t('evidence.csv.sectionSpend'), s.currency, '', String(d.spend), '']);
    rows.push([now, t('evidence.csv.sectionSpendTotal'), s.currency, '', String(spendTotal(s)), '']);
  }
  if (activities && !activities.ok) rows.push([now, t('evidence.csv.sectionActivity'), '', '', t('evidence.unreadable', { problem: activities.problem }), '']);
  if (activities?.ok) {
    for (const a of [...activities.value].sort((x, y) => x.at.localeCompare(y.at))) rows.push([a.at, t('evidence.csv.sectionActivity'), a.event, a.from, a.to, a.actor]);
  }
  const fields = ['time', 'section', 'field', 'from', 'to', 'by'].map((k) => String(guardCsvCell(String(t(`evidence.csv.${k}`)))));
  return `\uFEFF${Papa.unparse({ fields, data: rows.map((r) => r.map((c) => guardCsvCell(String(c)))) }, { newline: '\r\n' })}\r\n`;
}

/** The file name of an object's evidence, without extension: `appeal-<id>-YYYYMMDD`. */
export function evidenceFileStem(input: Pick<EvidenceInput, 'object' | 'now'>): string {
  const d = input.now;
  const date = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return `appeal-${input.object.id.replace(/[^A-Za-z0-9_.-]+/g, '_')}-${date}`;
}
