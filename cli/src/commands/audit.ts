import type { Writable } from 'node:stream';
import type { Config } from '@waldkita/platform/config';
import { checkSideTables, type Inconsistency } from '@waldkita/platform/event-store/side-tables';
import { type VerifyResult, verifyEventStoreHashChain, verifyHashChain } from '@waldkita/platform/event-store/verify-hash-chain';
import cliProgress from 'cli-progress';
import { openRuntime } from '../runtime.js';

export const AUDIT_USAGE = 'usage: npm run audit -- verify';

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
  const [sub, ...rest] = argv;
  if (sub !== 'verify' || rest.length > 0) {
    output.stderr.write(`${AUDIT_USAGE}\n`);
    return 2;
  }
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

/** What the check of the tables beside the log found, in German and English. */
export function sideTableSummary(found: readonly Inconsistency[]): string[] {
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
