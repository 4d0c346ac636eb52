import { createHash, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { fingerabdruck, leseAnker, neuesSchluesselpaar, oeffentlicherSchluessel, privaterSchluessel } from '@waldkita/platform/audit/anker';
import { erstelleAnker, pruefeGegenAnker } from '@waldkita/platform/audit/anker-log';
import { type Auswahl, beweisDatei } from '@waldkita/platform/audit/beweis';
import type { Config } from '@waldkita/platform/config';
import { checkSideTables, type Inconsistency } from '@waldkita/platform/event-store/side-tables';
import { type VerifyResult, verifyEventStoreHashChain, verifyHashChain } from '@waldkita/platform/event-store/verify-hash-chain';
import cliProgress from 'cli-progress';
import { openRuntime } from '../runtime.js';
import { AUDIT_OPTIONS, AUDIT_USAGE } from './usage.js';

export type AuditOutput = { stdout: Writable; stderr: Writable };

/**
 * `audit verify`: recomputes the hash chain of the whole event log (docs/audit.md) and checks the
 * tables beside the log against it (side-tables.ts). Progress on stderr, the result on stdout;
 * exit 0 when both hold, 1 naming the earliest broken link and every row no event backs.
 */
export async function audit(
  config: Config,
  argv: string[],
  output: AuditOutput = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let args: ReturnType<typeof parseArgs<{ args: string[]; options: typeof AUDIT_OPTIONS; allowPositionals: true }>>;
  try {
    args = parseArgs({ args: argv, options: AUDIT_OPTIONS, allowPositionals: true });
  } catch {
    output.stderr.write(`${AUDIT_USAGE}\n`);
    return 2;
  }
  const [sub, ...rest] = args.positionals;
  const { anker, schluessel, ausgabe, familie, stream, typ } = args.values;
  const auswahl = familie !== undefined || stream !== undefined || typ !== undefined;
  if (sub === 'export') {
    if (rest.length > 0 || !anker || !ausgabe || !auswahl || schluessel !== undefined) {
      output.stderr.write(`${AUDIT_USAGE}\n`);
      return 2;
    }
    return exportiere(
      config,
      anker,
      { ...(familie ? { id: familie } : {}), ...(stream ? { streams: stream } : {}), ...(typ ? { typen: typ } : {}) },
      ausgabe,
      output,
    );
  }
  const passt =
    (!auswahl && sub === 'verify' && rest.length === 0 && ausgabe === undefined && (schluessel === undefined || anker !== undefined)) ||
    (sub === 'anchor' && rest.length === 0 && anker === undefined && schluessel === undefined) ||
    (sub === 'schluessel' && rest.length === 1 && anker === undefined && schluessel === undefined && ausgabe === undefined);
  if (!passt) {
    output.stderr.write(`${AUDIT_USAGE}\n`);
    return 2;
  }
  if (sub === 'schluessel') return schluesselpaar(rest[0]!, output);
  if (sub === 'anchor') return anchor(config, ausgabe, output);
  if (anker !== undefined) return verifyGegenAnker(config, anker, schluessel, output);
  const runtime = await openRuntime(config, { redis: false });
  const bar = new cliProgress.SingleBar(
    {
      format: 'audit verify |{bar}| {value}/{total} Ereignisse | {rate} Ereignisse/s',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 2000,
      stream: output.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let barStarted = false;
  const onProgress = ({ checked, total }: { checked: number; total: number | null }) => {
    if (!barStarted) {
      bar.start(total ?? checked, 0, { rate: 0 });
      barStarted = true;
    }
    if (total === null) bar.setTotal(checked);
    bar.update(checked, { rate: Math.round(checked / ((performance.now() - started) / 1000)) });
  };
  try {
    const result =
      runtime.store.kind === 'postgres'
        ? await verifyHashChain(runtime.pool, { onProgress })
        : await verifyEventStoreHashChain(runtime.store, { onProgress });
    if (barStarted) bar.stop();
    const seconds = (performance.now() - started) / 1000;
    for (const line of summary(result, seconds, runtime.store.kind)) output.stdout.write(`${line}\n`);
    const inconsistencies = await checkSideTables(runtime.store, runtime.pool);
    for (const line of sideTableSummary(inconsistencies)) output.stdout.write(`${line}\n`);
    return result.broken || inconsistencies.length > 0 ? 1 : 0;
  } finally {
    if (barStarted) bar.stop();
    await runtime.close();
  }
}

/** `audit schluessel <file>`: a new Ed25519 key pair for anchors, the private key readable by its owner only. */
function schluesselpaar(datei: string, output: AuditOutput): number {
  if (existsSync(datei) || existsSync(`${datei}.pub`)) {
    output.stderr.write(`${datei} oder ${datei}.pub gibt es schon; ein Schlüssel wird nie überschrieben. / The file exists.\n`);
    return 1;
  }
  const paar = neuesSchluesselpaar();
  writeFileSync(datei, paar.privat, { mode: 0o600, flag: 'wx' });
  writeFileSync(`${datei}.pub`, paar.oeffentlich, { mode: 0o644, flag: 'wx' });
  const abdruck = fingerabdruck(oeffentlicherSchluessel(createPublicKey(paar.oeffentlich)));
  output.stdout.write(
    `Schlüssel für Anker geschrieben: ${datei} (privat: nur auf dem Server, AUDIT_ANKER_SCHLUESSEL_FILE), ${datei}.pub (öffentlich: für die Prüfer).\n` +
      `Fingerabdruck / fingerprint: ${abdruck}\n`,
  );
  return 0;
}

/** `audit anchor`: signs an anchor over the log, records it and prints it (or writes it to --ausgabe). */
async function anchor(config: Config, ausgabe: string | undefined, output: AuditOutput): Promise<number> {
  if (!config.AUDIT_ANKER_SCHLUESSEL) {
    output.stderr.write(
      'Kein Schlüssel für Anker: AUDIT_ANKER_SCHLUESSEL_FILE nennt die Datei des privaten Ed25519-Schlüssels (npm run audit -- schluessel <file> legt einen an). / No anchor key configured.\n',
    );
    return 2;
  }
  let schluessel: ReturnType<typeof privaterSchluessel>;
  try {
    schluessel = privaterSchluessel(config.AUDIT_ANKER_SCHLUESSEL);
  } catch (error) {
    output.stderr.write(`Der Schlüssel für Anker ist nicht lesbar: ${(error as Error).message}\n`);
    return 2;
  }
  const runtime = await openRuntime(config, { redis: false });
  try {
    const ergebnis = await erstelleAnker(runtime, schluessel, { anlass: 'cli' });
    if ('fehler' in ergebnis) {
      for (const line of summary(ergebnis.pruefung, 0, runtime.store.kind)) output.stderr.write(`${line}\n`);
      output.stderr.write(`${ergebnis.fehler}\n`);
      return 1;
    }
    const { anker } = ergebnis;
    const json = `${JSON.stringify(anker, null, 2)}\n`;
    if (ausgabe) writeFileSync(ausgabe, json, { flag: 'wx' });
    else output.stdout.write(json);
    output.stderr.write(
      `Anker signiert: ${anker.ereignisse} Ereignisse in ${anker.streams} Streams bis Position ${anker.position}, Wurzel ${anker.wurzel}, ` +
        `Schlüssel ${fingerabdruck(anker.schluessel)}.${ausgabe ? ` Geschrieben: ${ausgabe}.` : ''} / Anchor signed.\n`,
    );
    return 0;
  } finally {
    await runtime.close();
  }
}

/** `audit export`: the evidence file of a selection, covered by an anchor (docs/audit.md, "Evidence files"). */
async function exportiere(config: Config, ankerDatei: string, auswahl: Auswahl, ausgabe: string, output: AuditOutput): Promise<number> {
  let anker: ReturnType<typeof leseAnker>;
  try {
    anker = leseAnker(readFileSync(ankerDatei, 'utf8'));
  } catch (error) {
    output.stderr.write(`Nicht lesbar: ${(error as Error).message}\n`);
    return 2;
  }
  if (typeof anker === 'string') {
    output.stderr.write(`${anker}\n`);
    return 2;
  }
  const runtime = await openRuntime(config, { redis: false });
  try {
    if (runtime.store.kind !== 'postgres') {
      output.stderr.write('Beweisdateien gibt es bisher nur für das Postgres-Log. / Evidence files need the Postgres event store.\n');
      return 2;
    }
    const datei = await beweisDatei(runtime.pool, anker, auswahl);
    writeFileSync(ausgabe, datei, { flag: 'wx' });
    const kopf = JSON.parse(datei.slice(0, datei.indexOf('\n'))) as { ereignisse: number };
    output.stderr.write(
      `Beweisdatei geschrieben: ${ausgabe}, ${kopf.ereignisse} Ereignisse, SHA-256 ${createHash('sha256').update(datei).digest('hex')}. Prüfen: node tools/beweis-pruefen.mjs ${ausgabe}\n`,
    );
    return 0;
  } catch (error) {
    output.stderr.write(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await runtime.close();
  }
}

/** `audit verify --anker <file>`: the anchor by itself, the hash chain, and the log's heads against the anchor. */
async function verifyGegenAnker(config: Config, datei: string, schluesselDatei: string | undefined, output: AuditOutput): Promise<number> {
  let text: string;
  let erwartet: string | undefined;
  try {
    text = readFileSync(datei, 'utf8');
    if (schluesselDatei) erwartet = oeffentlicherSchluessel(createPublicKey(readFileSync(schluesselDatei, 'utf8')));
  } catch (error) {
    output.stderr.write(`Nicht lesbar: ${(error as Error).message}\n`);
    return 2;
  }
  const anker = leseAnker(text);
  if (typeof anker === 'string') {
    output.stderr.write(`${anker}\n`);
    return 2;
  }
  const runtime = await openRuntime(config, { redis: false });
  try {
    const started = performance.now();
    const pruefung = await pruefeGegenAnker(runtime, anker, erwartet);
    const seconds = (performance.now() - started) / 1000;
    for (const line of summary(pruefung.kette, seconds, runtime.store.kind)) output.stdout.write(`${line}\n`);
    const kopf = `Anker vom ${anker.zeitpunkt}, Position ${anker.position}, Schlüssel ${fingerabdruck(anker.schluessel)}${erwartet ? ' (der erwartete)' : ' (mit --schluessel gegen den öffentlichen Schlüssel prüfen)'}`;
    const abweichungen = [...pruefung.datei, ...pruefung.log];
    if (abweichungen.length === 0) {
      output.stdout.write(
        `${kopf}: das Log enthält genau, was der Anker abdeckt (${anker.ereignisse} Ereignisse, ${anker.streams} Streams). / The log matches the anchor.\n`,
      );
    } else {
      output.stdout.write(`${kopf}: das Log weicht vom Anker ab. / The log does not match the anchor.\n`);
      for (const grund of abweichungen) output.stdout.write(`Abweichung: ${grund}\n`);
    }
    return abweichungen.length > 0 || pruefung.kette.broken ? 1 : 0;
  } finally {
    await runtime.close();
  }
}

/** What the check of the tables beside the log found, in German and English. */
function sideTableSummary(found: readonly Inconsistency[]): string[] {
  if (found.length === 0)
    return [
      'Tabellen neben dem Log (Zugänge, Passwort-Links, Gruppennamen, Schlüssel der Familien) stimmen mit dem Log überein. / Side tables agree with the log.',
    ];
  return [
    `Tabellen neben dem Log: ${found.length} ${found.length === 1 ? 'Abweichung' : 'Abweichungen'}. / Side tables: ${found.length} inconsistencies.`,
    ...found.map((f) => `${f.unbacked ? 'Ohne Ereignis' : 'Ohne Zeile'} (${f.table}): ${f.text}`),
  ];
}

/** The result in German and English; the broken link in German, as auditors read it. */
export function summary(result: VerifyResult, seconds: number, kind: 'postgres' | 'eventstoredb'): string[] {
  const { checked, streams, unhashed, unsealed, brokenLinks, broken } = result;
  const rate = seconds > 0 ? Math.round(checked / seconds) : checked;
  const counts = `${checked} Ereignisse in ${streams} Streams geprüft (${seconds.toFixed(2)} s, ${rate} Ereignisse/s)`;
  const countsEn = `${checked} events in ${streams} streams checked`;
  const lines: string[] = [];
  if (kind === 'eventstoredb')
    lines.push('EventStoreDB: Hash-Kette über $all geprüft (ohne Tabelle streams). / Hash chain checked over $all.');
  if (!broken) {
    lines.push(`Hash-Kette intakt: ${counts}. / Hash chain intact: ${countsEn}.`);
  } else {
    const places = brokenLinks === 1 ? '1 Bruchstelle' : `${brokenLinks} Bruchstellen, die früheste`;
    const placesEn = brokenLinks === 1 ? '1 broken link' : `${brokenLinks} broken links, the earliest`;
    lines.push(`Hash-Kette verändert: ${counts}, ${places}. / Hash chain altered: ${countsEn}, ${placesEn}.`);
    const event = broken.eventId ? `, Ereignis ${broken.eventId}` : '';
    lines.push(`Verändert: Stream ${broken.streamName}, Revision ${broken.revision}${event}: ${broken.reason}`);
    if (broken.position) lines.push(`Position im Log / log position: ${broken.position}`);
  }
  if (unhashed > 0)
    lines.push(
      `Vor der Hash-Kette: ${unhashed} Ereignisse, davon ${unsealed} nicht geschützt (ihr Stream wurde seitdem nicht fortgeschrieben). ` +
        `/ Before the hash chain: ${unhashed} events, ${unsealed} of them not protected yet.`,
    );
  return lines;
}
