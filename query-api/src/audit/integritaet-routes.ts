import { ANKER_STREAM, type AnkerErstelltDaten } from '@waldkita/domain/audit/anker';
import type { AnkerEintrag, Integritaet } from '@waldkita/domain/audit/antworten';
import { KEIN_ZUGRIFF_VERLAUF } from '@waldkita/domain/audit/pruefer';
import { type Anker, fingerabdruck, pruefeAnkerSelbst, wurzelDerKoepfe } from '@waldkita/platform/audit/anker';
import { formatPosition, parsePosition } from '@waldkita/platform/event-store/event-store';
import {
  type KoepfeBis,
  type VerifyResult,
  verifyEventStoreHashChain,
  verifyHashChain,
} from '@waldkita/platform/event-store/verify-hash-chain';
import { HttpError } from '@waldkita/platform/http/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { angemeldet, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';
import { protokolliere } from './zugriffe.js';

/**
 * 'Integrität prüfen' (docs/audit.md, "Anchors"): the auditors' check of the whole log in the app —
 * the hash chain and the latest anchor — and the anchors to download. Reads only the event log.
 */

const ANKER_NICHT_GEFUNDEN = 'Diesen Anker gibt es nicht.';
/** How many anchors the screen lists. */
const ANKER_LISTE = 30;

const alsEintrag = (d: AnkerErstelltDaten): AnkerEintrag => ({
  ...d,
  fingerabdruck: fingerabdruck(d.schluessel),
  // The record's own signature, checked without heads (a record has none): a changed record fails.
  signaturGueltig: pruefeAnkerSelbst({ ...d, format: 'waldkita-anker/1', koepfe: [] } as Anker).every((g) => !g.startsWith('Die Signatur')),
});

export function integritaetRoutes(app: FastifyInstance, deps: QueryDeps) {
  const options = angemeldet(deps);
  const nurPruefer = async (request: FastifyRequest) => {
    const wer = await leser(deps, request);
    if (!wer.admin && !wer.pruefer) throw new HttpError(403, KEIN_ZUGRIFF_VERLAUF);
    return wer;
  };

  const anker = async (): Promise<AnkerErstelltDaten[]> => {
    const { events } = await deps.store.readStream(ANKER_STREAM);
    return events.filter((e) => e.type === 'AnkerErstellt').map((e) => e.data as AnkerErstelltDaten);
  };

  const pruefeLog = (bis: KoepfeBis['position']): Promise<VerifyResult & { bis?: KoepfeBis }> =>
    deps.store.kind === 'postgres'
      ? verifyHashChain(deps.pool, { koepfeBis: bis ?? { commit: 0, prepare: 0 } })
      : verifyEventStoreHashChain(deps.store, { koepfeBis: bis ?? { commit: 0, prepare: 0 } });

  /**
   * One check at a time: a second caller while one runs gets the same result (the walk reads the
   * whole log). Nothing keeps running for a caller who left but the one walk already begun.
   */
  let laufend: Promise<unknown> | null = null;
  const einmal = <T>(arbeit: () => Promise<T>): Promise<T> => {
    if (!laufend) laufend = arbeit().finally(() => (laufend = null));
    return laufend as Promise<T>;
  };

  app.get('/api/audit/anker', options, async (request) => {
    await nurPruefer(request);
    return (await anker()).slice(-ANKER_LISTE).reverse().map(alsEintrag);
  });

  /** One anchor as its file: the recorded summary and signature with every stream's head, read from the log at its position. */
  app.get<{ Params: { position: string } }>('/api/audit/anker/:position', options, async (request, reply) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'anker');
    const gesucht = parsePosition(decodeURIComponent(request.params.position).replace('-', '/'));
    const d = gesucht ? (await anker()).find((a) => a.position === formatPosition(gesucht)) : undefined;
    if (!gesucht || !d) throw new HttpError(404, ANKER_NICHT_GEFUNDEN);
    const pruefung = await einmal(() => pruefeLog(gesucht));
    const { anlass: _anlass, ...zusammenfassung } = d;
    const datei: Anker = { ...zusammenfassung, format: 'waldkita-anker/1', koepfe: pruefung.bis?.koepfe ?? [] };
    const name = `anker-${d.zeitpunkt.slice(0, 10)}-${d.position.replace('/', '-')}.json`;
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(`${JSON.stringify(datei, null, 2)}\n`);
  });

  /** The check: the hash chain over the whole log, and the log against the latest anchor. */
  app.get('/api/audit/integritaet', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'pruefung');
    return einmal(async () => {
      const start = performance.now();
      const alle = await anker();
      const letzter = alle.at(-1);
      const position = letzter ? parsePosition(letzter.position) : null;
      const kette = await pruefeLog(position);
      let ankerErgebnis = null;
      if (letzter && position) {
        const eintrag = alsEintrag(letzter);
        const koepfe = kette.bis?.koepfe ?? [];
        const wurzel = wurzelDerKoepfe(koepfe);
        const abweichungen = [
          ...(eintrag.signaturGueltig ? [] : ['Die Signatur des Ankers stimmt nicht: der Eintrag wurde nach dem Signieren verändert.']),
          ...(wurzel === letzter.wurzel && (kette.bis?.ereignisse ?? 0) === letzter.ereignisse
            ? []
            : [`Das Log bis Position ${letzter.position} ergibt nicht die signierte Wurzel des Ankers: es wurde seitdem verändert.`]),
        ];
        ankerErgebnis = { ...eintrag, passt: abweichungen.length === 0, abweichungen };
      }
      return {
        kette: {
          intakt: kette.broken === null,
          ereignisse: kette.checked,
          streams: kette.streams,
          bruchstellen: kette.brokenLinks,
          bruch: kette.broken,
        },
        anker: ankerErgebnis,
        geprueftAm: deps.now().toISOString(),
        dauerMs: Math.round(performance.now() - start),
      } satisfies Integritaet;
    });
  });
}
