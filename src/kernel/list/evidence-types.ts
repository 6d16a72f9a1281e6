import type { TFunction } from 'i18next';
import type { Bridge } from '../bridge/bridge';
import type { WatchType, WatchValue } from '../../../protocol/api';

// The appeal evidence's types (./evidence.ts), apart so an area's panel can name them without loading
// the code that writes the evidence.

/** A part of the evidence that was read, or why it could not be (the section says so; the rest is still made). */
export type EvidenceRead<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Spend per day in the currency's main unit (`date` as the platform's `YYYY-MM-DD`). */
export interface EvidenceSpend { currency: string; days: { date: string; spend: number }[] }

/** One entry of the platform's activity log, as text the area made of it (old and new values included). */
export interface EvidenceActivity {
  /** ISO time */
  at: string;
  actor: string;
  event: string;
  object?: string;
  from: string;
  to: string;
}

/** What an area adds for its objects: a section left out does not apply (a page has no spend). */
export interface EvidenceExtras {
  spend?: EvidenceRead<EvidenceSpend>;
  activities?: EvidenceRead<EvidenceActivity[]>;
}

/** What an area's extras read with: the operator's bridge, the period, its own strings, and `read` (a failure becomes the section's words). */
export interface EvidenceContext {
  bridge: Bridge;
  since: Date;
  until: Date;
  signal?: AbortSignal;
  /** the area's own strings (its namespace) */
  t: TFunction;
  read: <T>(read: () => Promise<T>) => Promise<EvidenceRead<T>>;
}

/** One object's evidence as its detail panel asks for it. */
export interface EvidenceRequest {
  type: WatchType;
  id: string;
  name: string;
  /** the object's watch fields as the panel shows them now (status, disable reason, …), worded with the watch's words */
  current?: Record<string, WatchValue>;
  /** the area's platform reads (spend, activity log), loaded on click */
  extras?: (context: EvidenceContext) => Promise<EvidenceExtras>;
}
