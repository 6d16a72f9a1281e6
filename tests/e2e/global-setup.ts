// One real product server (demo mode, sandbox at /__graph) for every browser test.
import type { TestProject } from 'vitest/node';
import { startServer } from './server';
import { startReceiver } from '../server/receiver';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** a local webhook / Telegram-style receiver the server's alert channels may send to (read it with receivedOn) */
    receiverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // the watch's channels may send to this machine's receiver, Telegram included, and soon (tests/e2e/watch-checks.e2e.ts)
  const receiver = await startReceiver();
  const server = await startServer({ TESSERA_WEBHOOK_ALLOW_LOOPBACK: '1', TESSERA_TELEGRAM_API: receiver.url, TESSERA_WATCH_OUTBOX_MS: '500' });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('receiverUrl', receiver.url);
  return async () => {
    await server.stop();
    await receiver.close();
  };
}
