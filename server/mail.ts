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
