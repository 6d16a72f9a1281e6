// A local webhook / Slack / Telegram-style receiver for the watch's delivery tests: records every
// request; answers 200, or what `answer` says for a path (a failure, a redirect).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  host: string;
  body: any;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** the answer for a path: a status (and a Location for 3xx); default 200 */
  answer: Map<string, { status: number; location?: string; times?: number }>;
  on(path: string): Received[];
  close(): Promise<void>;
}

/** `GET <receiver>/__received`: every request recorded so far, as JSON. */
export const RECEIVED_PATH = '/__received';

/** What a receiver started elsewhere recorded on `path` (read over HTTP). */
export async function receivedOn(url: string, path: string): Promise<Received[]> {
  const all = (await (await fetch(`${url}${RECEIVED_PATH}`)).json()) as Received[];
  return all.filter((r) => r.path === path);
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answer = new Map<string, { status: number; location?: string; times?: number }>();
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => {
      const path = req.url ?? '';
      // what it received so far, for a test in another process (the browser tests' shared receiver)
      if (req.method === 'GET' && path === RECEIVED_PATH) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(received));
        return;
      }
      let body: unknown = data;
      try { body = JSON.parse(data); } catch { /* kept as text */ }
      received.push({ path, host: req.headers.host ?? '', body });
      const a = answer.get(path);
      if (a && a.times !== undefined && --a.times < 0) answer.delete(path);
      const now = answer.get(path);
      res.writeHead(now?.status ?? 200, now?.location ? { location: now.location } : {});
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answer,
    on: (path) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
