import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A mail the test server accepted: the parsed message plus the SMTP envelope it came with. */
export type ReceivedMail = ParsedMail & { envelope: { from: string; to: string[] }; raw: string };

export type TestSmtpOptions = {
  /** Refuse the first n messages (after their DATA phase) with a temporary error, as a busy server would. */
  failFirst?: number;
  /** Refuse every message. */
  failAll?: boolean;
  /** The SMTP reply code of a refusal: 451 (temporary, the default) or e.g. 550 (permanent). */
  failCode?: number;
  /**
   * Hold the answer to the DATA phase until `release()`: the message is read but neither accepted
   * nor refused. A client that dies meanwhile has sent nothing — the message is dropped, as a real
   * server drops a transaction that never got its final reply.
   */
  holdData?: boolean;
};

type Held = { session: string; accept: () => void };

/**
 * A real SMTP server in this process for tests: any login accepted, no TLS, every accepted mail
 * parsed with mailparser and kept in `mails`. Options make it refuse or hold messages, so tests can
 * prove retries, backoff and crash safety against the real nodemailer client.
 */
export async function startTestSmtp(options: TestSmtpOptions = {}) {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const held: Held[] = [];
  const heldListeners = new Set<() => void>();
  let hold = options.holdData ?? false;
  let refusalsLeft = options.failFirst ?? 0;
  let failAll = options.failAll ?? false;
  let failCode = options.failCode ?? 451;
  /** Every DATA phase the server saw (accepted, refused or dropped), with the time it ended. */
  const stats = { dataPhases: 0, refused: 0, dropped: 0, dataPhaseTimes: [] as number[] };
  const notify = (set: Set<() => void>) => {
    for (const listener of [...set]) listener();
  };

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'test' });
    },
    onData(stream, session, callback) {
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
      };
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        stats.dataPhases++;
        stats.dataPhaseTimes.push(Date.now());
        const raw = Buffer.concat(chunks);
        if (failAll || refusalsLeft > 0) {
          refusalsLeft = Math.max(0, refusalsLeft - 1);
          stats.refused++;
          const code = failCode;
          const text = code >= 500 ? 'Postfach nicht verfügbar' : 'Bitte später erneut versuchen';
          callback(Object.assign(new Error(text), { responseCode: code }));
          return;
        }
        const accept = () => {
          simpleParser(raw).then(
            (parsed) => {
              mails.push(Object.assign(parsed, { envelope, raw: raw.toString('utf8') }));
              callback(null, 'Nachricht angenommen');
              notify(listeners);
            },
            (error: Error) => callback(error),
          );
        };
        if (!hold) return accept();
        held.push({ session: session.id, accept });
        notify(heldListeners);
      });
    },
    onClose(session: SMTPServerSession) {
      // The client went away while its message was held: it never got a reply, nothing was accepted.
      for (let i = held.length - 1; i >= 0; i--)
        if (held[i]!.session === session.id) {
          held.splice(i, 1);
          stats.dropped++;
        }
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitUntil = <T>(set: Set<() => void>, check: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const found = check();
      if (found !== undefined) return resolve(found);
      const listener = () => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        set.delete(listener);
        resolve(value);
      };
      const timer = setTimeout(() => {
        set.delete(listener);
        reject(new Error(`test SMTP server: ${what} within ${timeoutMs} ms (received ${mails.length} mails so far)`));
      }, timeoutMs);
      set.add(listener);
    });

  return {
    /** smtp://user:pass@127.0.0.1:port — credentials included, since the app may send them. */
    url: `smtp://test:test@127.0.0.1:${port}`,
    port,
    mails,
    stats,
    /** The first mail (already received or still to come) that matches. */
    waitForMail(predicate: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 10_000) {
      return waitUntil(listeners, () => mails.find(predicate), timeoutMs, 'no matching mail');
    },
    /** Resolves once `count` matching mails have arrived (all of them, in arrival order). */
    waitForMails(count: number, predicate: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 10_000) {
      return waitUntil(
        listeners,
        () => {
          const found = mails.filter(predicate);
          return found.length >= count ? found : undefined;
        },
        timeoutMs,
        `fewer than ${count} matching mails`,
      );
    },
    /** Resolves when a message is being held (holdData). */
    waitForHeld(timeoutMs = 10_000) {
      return waitUntil(heldListeners, () => (held.length > 0 ? true : undefined), timeoutMs, 'no message held');
    },
    /** Holds the DATA phase of the next messages (see `holdData`). */
    hold() {
      hold = true;
    },
    /** Stops holding: held messages are accepted now, later ones at once. */
    release() {
      hold = false;
      for (const h of held.splice(0)) h.accept();
    },
    /** Refuses the next n messages with `code` (451: temporary, 5xx: permanent). */
    failNext(n: number, code = 451) {
      refusalsLeft = n;
      failCode = code;
    },
    /** Refuses every message from now on with `code`, until `acceptAll()`. */
    failAll(code = 451) {
      failAll = true;
      failCode = code;
    },
    acceptAll() {
      failAll = false;
      refusalsLeft = 0;
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;

/** The addresses a mail was sent to (envelope), lower-cased and sorted, for comparisons. */
export const empfaenger = (mail: ReceivedMail) => [...mail.envelope.to].map((a) => a.toLowerCase()).sort();

/** A filter for the mails that went to `email`. */
export const an = (email: string) => (mail: ReceivedMail) => empfaenger(mail).includes(email);

/** Parses a raw message (an .eml file) as the test server parses what it receives. */
export const parseMail = (raw: Buffer | string): Promise<ParsedMail> => simpleParser(raw);
