/**
 * The GraphQL document catalogue: platform operation name → doc id, from the product server
 * (`GET /api/graphql-docs`). The platform rotates document ids; keeping them on the server makes a
 * rotation a data change an admin makes, not a release. Loaded once after login; plugins ask by
 * operation name (graphqlPost does) and may disable actions whose operations have no id.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from '../api/client';
import { API, apiGet } from '../api/endpoints';
import { getSession, subscribeSession } from '../core/session';

export type DocCatalogueStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DocCatalogueState {
  status: DocCatalogueStatus;
  /** operation name → doc id; empty until loaded */
  docs: Readonly<Record<string, string>>;
}

const EMPTY: Readonly<Record<string, string>> = Object.freeze({});
let state: DocCatalogueState = { status: 'idle', docs: EMPTY };
let inFlight: Promise<void> | null = null;
/** bumped on logout: the answer of a load started before it is stale */
let generation = 0;
/** a load was started since the last login */
let started = false;
let translate: ((key: string, values: Record<string, string>) => string) | null = null;
const listeners = new Set<() => void>();

function set(next: DocCatalogueState): void {
  state = next;
  listeners.forEach((l) => l());
}

export function getDocCatalogue(): DocCatalogueState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The doc id of a platform operation, or null when the catalogue has none (or is not loaded). */
export function docIdFor(operation: string): string | null {
  return Object.hasOwn(state.docs, operation) ? state.docs[operation]! : null;
}

/** The operations among `names` that have no doc id: an action needing any of them cannot run. */
export function missingOperations(names: readonly string[]): string[] {
  return names.filter((n) => docIdFor(n) === null);
}

/** Replaces the catalogue (the loader; tests and tools that know the ids). null forgets it. */
export function setDocCatalogue(docs: Record<string, string> | null, status: DocCatalogueStatus = docs ? 'ready' : 'idle'): void {
  set({ status, docs: docs ? Object.freeze({ ...docs }) : EMPTY });
}

/** Loads the catalogue from the server; a failure leaves every operation without an id. */
export function loadDocCatalogue(api: ApiClient): Promise<void> {
  const mine = generation;
  started = true;
  if (state.status !== 'ready') set({ ...state, status: 'loading' });
  const load = apiGet(api, API.graphqlDocs.catalogue)
    .then((docs) => {
      if (generation !== mine) return;
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(docs ?? {})) if (typeof v === 'string' && v) clean[k] = v;
      setDocCatalogue(clean);
    })
    .catch((e: unknown) => {
      if (generation !== mine) return;
      console.warn('[tessera] GraphQL document ids not loaded', e);
      if (state.status !== 'ready') set({ status: 'error', docs: EMPTY });
    })
    .finally(() => { if (inFlight === load) inFlight = null; });
  inFlight = load;
  return load;
}

/** Waits for a load in flight (a graphqlPost made right after login). */
export async function docCatalogueSettled(): Promise<void> {
  if (inFlight) await inFlight;
}

/** Error texts in the user's language; without it they are in English. */
export function setDocCatalogueTranslator(t: ((key: string, values: Record<string, string>) => string) | null): void {
  translate = t;
}

/** An operation the catalogue has no doc id for: the function cannot run until an admin adds one. */
export class MissingDocIdError extends Error {
  constructor(readonly operation: string) {
    super(translate?.('docCatalogue.missing', { operation })
      ?? `This function is unavailable: the platform operation ${operation} has no document id; ask your administrator`);
    this.name = 'MissingDocIdError';
  }
}

/** The doc id of `operation`, waiting for a load in flight; throws MissingDocIdError when there is none. */
export async function requireDocId(operation: string): Promise<string> {
  if (docIdFor(operation) === null) await docCatalogueSettled();
  const id = docIdFor(operation);
  if (id === null) throw new MissingDocIdError(operation);
  return id;
}

/** The catalogue as React state. */
export function useDocCatalogue(): DocCatalogueState {
  return useSyncExternalStore(subscribe, getDocCatalogue, getDocCatalogue);
}

/**
 * Mounted once by the kernel: loads the catalogue when a user is signed in (and again after the
 * next login), forgets it on logout, and gives the error texts the user's language.
 */
export function useDocCatalogueLoader(api: ApiClient, i18n: I18n): void {
  useEffect(() => {
    setDocCatalogueTranslator((key, values) => i18n.t(key, { ns: 'kernel', ...values }));
    return () => setDocCatalogueTranslator(null);
  }, [i18n]);
  useEffect(() => {
    const check = () => {
      const s = getSession();
      if (!s.token) {
        if (started || state.status !== 'idle') {
          generation++;
          started = false;
          inFlight = null;
          setDocCatalogue(null);
        }
        return;
      }
      if (s.info && !started) void loadDocCatalogue(api);
    };
    check();
    return subscribeSession(check);
  }, [api]);
}
