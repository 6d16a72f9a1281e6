import { zipSync, strToU8 } from 'fflate';
import type { i18n as I18n } from 'i18next';
import { downloadBlob } from '../table/csv';
import { jobOf, type Owner } from './WatchChanges';
import {
  EVIDENCE_DAYS, evidenceCsv, evidenceFileStem, evidenceHtml,
  type EvidenceInput, type EvidenceJob, type EvidenceWords,
} from './evidence';
import type { EvidenceContext, EvidenceExtras, EvidenceRequest } from './evidence-types';
import { readSection } from './evidence-read';

export { readSection } from './evidence-read';
import type { Bridge } from '../bridge/bridge';
import type { LoadedPlugin } from '../plugin/types';
import type { KernelUser } from '../context-types';
import { API, WATCH_CHANGES_MAX, type JobRecordView, type Page, type WatchChange } from '../../../protocol/api';

// Gathers an object's appeal evidence and downloads it as one zip (the page and the CSV): loaded when
// the operator clicks the button (./EvidenceButton.tsx), never with the first screen. The server gives
// the changes and the jobs behind them; the area reads the rest from the platform through the bridge,
// that is with the operator's own session (docs/DECISIONS.md, "The watch: appeal evidence (issue 34)").

interface GetClient { get: <T>(path: string, options?: { query?: Record<string, string | number | boolean | undefined> }) => Promise<T> }

export interface EvidenceDeps {
  api: unknown;
  bridge: Bridge;
  i18n: I18n;
  allPlugins: readonly LoadedPlugin[];
  user: KernelUser | null;
  now?: Date;
  signal?: AbortSignal;
}

function ownerOf(plugins: readonly LoadedPlugin[], type: string): Owner | undefined {
  const plugin = plugins.find((p) => p.watch?.type === type);
  return plugin?.watch ? { plugin, watch: plugin.watch } : undefined;
}

/** The action's title in its plugin's words (`adaccount.setSpendCap` → "Set spending limit"), else its id. */
function actionWords(plugins: readonly LoadedPlugin[], i18n: I18n, actionId: string): string {
  for (const p of plugins) {
    const a = p.actions.find((x) => x.id === actionId);
    if (a) return String(i18n.getFixedT(i18n.language, p.id)(a.titleKey, { defaultValue: actionId }));
  }
  return actionId;
}

/** The jobs the changes name: the action and the platform user from the job's records; the starter is the operator (records are their own). */
async function readJobs(deps: EvidenceDeps, changes: readonly WatchChange[], startedBy: string): Promise<Map<string, EvidenceJob>> {
  const ids = [...new Set(changes.map(jobOf).filter((j): j is string => j !== null))];
  const api = deps.api as GetClient;
  const jobs = new Map<string, EvidenceJob>();
  await Promise.all(ids.map(async (job) => {
    try {
      const page = await api.get<Page<JobRecordView>>(API.jobs.records.path, { query: { job, page: 1, pageSize: 1 } });
      const first = page?.list?.[0];
      jobs.set(job, { action: first ? actionWords(deps.allPlugins, deps.i18n, first.action) : null, startedBy, identity: first?.fbid || null });
    } catch {
      jobs.set(job, { action: null, startedBy, identity: null });
    }
  }));
  return jobs;
}

/** Everything the evidence shows, read now. */
export async function gatherEvidence(request: EvidenceRequest, deps: EvidenceDeps): Promise<EvidenceInput> {
  const now = deps.now ?? new Date();
  const since = new Date(now.getTime() - EVIDENCE_DAYS * 86_400_000);
  const exportedBy = deps.user?.name || deps.user?.email || String(deps.i18n.t('watch.you'));
  const api = deps.api as GetClient;
  const owner = ownerOf(deps.allPlugins, request.type);
  const context: EvidenceContext = {
    bridge: deps.bridge, since, until: now, signal: deps.signal, read: readSection,
    t: deps.i18n.getFixedT(deps.i18n.language, owner?.plugin.id ?? 'kernel'),
  };
  const [changes, extras] = await Promise.all([
    readSection(() => api.get<WatchChange[]>(API.watch.changes.path, {
      query: { type: request.type, id: request.id, since: since.toISOString(), limit: WATCH_CHANGES_MAX },
    }).then((list) => (Array.isArray(list) ? list : []))),
    request.extras ? request.extras(context) : Promise.resolve({} as EvidenceExtras),
  ]);
  const jobs = changes.ok ? await readJobs(deps, changes.value, exportedBy) : new Map<string, EvidenceJob>();
  return {
    object: { type: request.type, id: request.id, name: request.name },
    now, since, exportedBy,
    current: request.current ?? {},
    changes,
    capped: changes.ok && changes.value.length >= WATCH_CHANGES_MAX ? WATCH_CHANGES_MAX : null,
    jobs,
    extras,
  };
}

export function evidenceWords(deps: Pick<EvidenceDeps, 'i18n' | 'allPlugins'>, type: string): EvidenceWords {
  const owner = ownerOf(deps.allPlugins, type);
  return {
    t: deps.i18n.getFixedT(deps.i18n.language, 'kernel'),
    owner,
    tOwner: owner ? deps.i18n.getFixedT(deps.i18n.language, owner.plugin.id) : null,
    language: deps.i18n.language,
  };
}

/** The zip of the two files: `<stem>.html` and `<stem>.csv`. */
export function evidenceZip(input: EvidenceInput, words: EvidenceWords): { name: string; bytes: Uint8Array } {
  const stem = evidenceFileStem(input);
  const bytes = zipSync({
    [`${stem}.html`]: strToU8(evidenceHtml(input, words)),
    [`${stem}.csv`]: strToU8(evidenceCsv(input, words)),
  }, { level: 6, mtime: input.now });
  return { name: `${stem}.zip`, bytes };
}

/** Reads, writes and downloads an object's evidence; answers the file name. */
export async function exportEvidence(request: EvidenceRequest, deps: EvidenceDeps): Promise<string> {
  const input = await gatherEvidence(request, deps);
  const { name, bytes } = evidenceZip(input, evidenceWords(deps, request.type));
  downloadBlob(name, new Blob([bytes as BlobPart], { type: 'application/zip' }));
  return name;
}
