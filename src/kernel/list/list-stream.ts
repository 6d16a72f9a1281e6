import type { KernelStore } from '../store/store';

/** How far a list load has come: pages of the list, then detail batches. */
export interface ListProgress {
  pages: number;
  rows: number;
  detailsDone?: number;
  detailsTotal?: number;
}

type Listener<Row> = (rows: readonly Row[] | null, progress: ListProgress | null) => void;

/**
 * The rows of a list load still in flight, shared by every view of the same list: the TTL cache lets
 * a second view wait for the first one's load instead of loading again, and this lets it show the
 * rows that load has streamed so far.
 */
export interface ListStream<Row> {
  rows: readonly Row[] | null;
  progress: ListProgress | null;
  emit(rows: readonly Row[]): void;
  report(progress: ListProgress): void;
  subscribe(listener: Listener<Row>): () => void;
}

const streams = new WeakMap<KernelStore, Map<string, ListStream<unknown>>>();

function streamsOf(store: KernelStore): Map<string, ListStream<unknown>> {
  let map = streams.get(store);
  if (!map) {
    map = new Map();
    streams.set(store, map);
  }
  return map;
}

/** The stream of `key`'s load, created when the load starts. */
export function openStream<Row>(store: KernelStore, key: string): ListStream<Row> {
  const listeners = new Set<Listener<Row>>();
  const stream: ListStream<Row> = {
    rows: null,
    progress: null,
    emit(rows) {
      stream.rows = rows;
      listeners.forEach((l) => l(rows, stream.progress));
    },
    report(progress) {
      stream.progress = progress;
      listeners.forEach((l) => l(stream.rows, progress));
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(stream.rows, stream.progress);
      return () => listeners.delete(listener);
    },
  };
  streamsOf(store).set(key, stream as ListStream<unknown>);
  return stream;
}

/** The stream of a load of `key` in flight, if any. */
export function currentStream<Row>(store: KernelStore, key: string): ListStream<Row> | undefined {
  return streamsOf(store).get(key) as ListStream<Row> | undefined;
}

export function closeStream(store: KernelStore, key: string, stream: ListStream<unknown>): void {
  const map = streamsOf(store);
  if (map.get(key) === stream) map.delete(key);
}
