import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@waldkita/platform/config';
import { mailDateiName } from '@waldkita/platform/datenschutz/mail-ordner';
import nodemailer from 'nodemailer';
import type { MailInhalt } from './mail-templates.js';

/** `elternId`: the recipient family, named in the file's name in MAIL_DIR (never its e-mail or name). */
type AusgehendeMail = MailInhalt & { to: string; messageId: string; elternId: string };

/**
 * Where mails go: an SMTP server, or (without SMTP_URL) one .eml file per mail in MAIL_DIR, named
 * by time, family id and a hash of the job (mailDateiName), so that erasing a family's personal
 * data finds and removes its mails there (platform/src/datenschutz/mail-ordner.ts).
 */
export type MailTransport = {
  /** Resolves once the SMTP server accepted the mail (or the file is written); answers the file's name for .eml. */
  send: (mail: AusgehendeMail) => Promise<{ datei: string | null }>;
  close: () => void;
  /** For the start-up line: where mails go, without credentials. */
  ziel: string;
};

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
      async send({ elternId: _familie, ...mail }) {
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
    async send({ elternId, ...mail }) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(ordner, { recursive: true });
      const datei = mailDateiName(elternId, mail.messageId, new Date());
      await writeFile(path.join(ordner, datei), info.message as Buffer);
      return { datei };
    },
    close: () => transport.close(),
    ziel: ordner,
  };
}
