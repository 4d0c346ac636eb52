import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@waldkita/platform/config';
import nodemailer from 'nodemailer';
import type { MailInhalt } from './mail-templates.js';

export type AusgehendeMail = MailInhalt & { to: string; messageId: string };

/** Where mails go: an SMTP server, or (without SMTP_URL) one .eml file per mail in MAIL_DIR. */
export type MailTransport = {
  /** Resolves once the SMTP server accepted the mail (or the file is written); answers the file's path for .eml. */
  send: (mail: AusgehendeMail) => Promise<{ datei: string | null }>;
  close: () => void;
  /** For the start-up line: where mails go, without credentials. */
  ziel: string;
};

/** A file name from a job id: letters, digits and '-' only. */
const dateiname = (messageId: string) => `${messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9-]/g, '_')}.eml`;

export function createMailTransport(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR'>,
  options: { maxConnections?: number } = {},
): MailTransport {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    // A pool of connections: a worker sending several mails at once reuses them instead of a
    // handshake per mail. TLS follows the URL (smtps:// or STARTTLS when the server offers it).
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, pool: true, maxConnections: options.maxConnections ?? 5 });
    const ziel = new URL(config.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        return { datei: null };
      },
      close: () => transport.close(),
      ziel: `${ziel.protocol}//${ziel.host}`,
    };
  }
  const ordner = path.resolve(config.MAIL_DIR);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(ordner, { recursive: true });
      const datei = path.join(ordner, `${new Date().toISOString().replace(/[:.]/g, '-')}-${dateiname(mail.messageId)}`);
      await writeFile(datei, info.message as Buffer);
      return { datei };
    },
    close: () => transport.close(),
    ziel: ordner,
  };
}
