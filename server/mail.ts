// Outgoing mail: SMTP through nodemailer when SMTP_URL is set, else one JSON line per message in
// DATA_DIR/outbox.jsonl (so a local user can read the code and activate the account).
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** the verification code the text carries, kept separately in the outbox line for tools and tests */
  code?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function outboxPath(dataDir: string): string {
  return path.join(dataDir, 'outbox.jsonl');
}

export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string; log: FastifyBaseLogger; clock: () => number }): Mailer {
  const { log } = opts;
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text });
        // Never log the code or the text that carries it.
        log.info({ mail: { to: message.to, subject: message.subject, via: 'smtp' } }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const file = outboxPath(opts.dataDir);
  return {
    kind: 'outbox',
    async send(message) {
      await fs.mkdir(opts.dataDir, { recursive: true });
      const line = { time: new Date(opts.clock()).toISOString(), to: message.to, subject: message.subject, text: message.text, ...(message.code ? { code: message.code } : {}) };
      await fs.appendFile(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
      log.info({ mail: { to: message.to, subject: message.subject, via: 'outbox', file } }, `mail written to ${file} (no SMTP_URL set)`);
    },
    close: () => {},
  };
}

/**
 * Mail goes out from a queue, one message after the other, after the answer: a request takes as long whether
 * a mail is sent or not (docs/DECISIONS.md). A failed send calls `onError` (e.g. to forget the code it carried).
 */
export class MailQueue {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly mailer: Mailer) {}

  enqueue(message: MailMessage, onError: (err: Error) => Promise<void> | void): void {
    this.tail = this.tail
      .then(() => this.mailer.send(message))
      .catch(async (err: Error) => {
        try { await onError(err); } catch { /* nothing more to do */ }
      });
  }

  /** Resolves once every message queued so far was sent or given up. */
  idle(): Promise<void> {
    return this.tail;
  }
}

const queues = new WeakMap<Mailer, MailQueue>();

/** The one queue of a mailer. */
export function mailQueue(mailer: Mailer): MailQueue {
  let queue = queues.get(mailer);
  if (!queue) queues.set(mailer, (queue = new MailQueue(mailer)));
  return queue;
}
