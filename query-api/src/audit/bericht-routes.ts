import { createHash } from 'node:crypto';
import { ANKER_STREAM, type AnkerErstelltDaten } from '@waldkita/domain/audit/anker';
import { familienName } from '@waldkita/domain/audit/beschreibung';
import { KEIN_ZUGRIFF_VERLAUF } from '@waldkita/domain/audit/pruefer';
import { zeitDeutsch } from '@waldkita/domain/audit/zeit';
import { type Anker, fingerabdruck } from '@waldkita/platform/audit/anker';
import { beweisDatei } from '@waldkita/platform/audit/beweis';
import { parsePosition, type RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { verifyHashChain } from '@waldkita/platform/event-store/verify-hash-chain';
import { HttpError } from '@waldkita/platform/http/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { angemeldet, istUuid, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';
import { AuditNamen } from './audit-eintraege.js';
import { auditLogFuer } from './audit-log.js';
import { logFilterFuerBericht } from './audit-routes.js';
import { erstelleBericht } from './bericht.js';
import { protokolliere } from './zugriffe.js';

const BERICHT_WAS = 'Bitte wählen Sie genau eines: tausch, familie oder woche.';
const BERICHT_LEER = 'Zu dieser Auswahl gibt es keine Ereignisse.';
const KEIN_ANKER_FUER_BEWEIS =
  'Noch deckt kein Anker diese Ereignisse ab. Bitte signieren Sie unter „Integrität prüfen“ zuerst einen Anker.';
const BERICHT_ZU_GROSS = 'Zu viele Ereignisse für einen Bericht (höchstens 2000). Bitte wählen Sie eine Woche oder einen Tausch.';
const MAX_EREIGNISSE = 2000;

/**
 * GET /api/audit/bericht?tausch=… | familie=… | woche=2026-W51: the case report as PDF
 * (docs/audit.md, "Case reports"), with the evidence file of its events attached when an anchor
 * covers them. The answer names the PDF's own SHA-256 (`X-Bericht-SHA256`) and the evidence's.
 */
export function berichtRoutes(app: FastifyInstance, deps: QueryDeps) {
  const log = auditLogFuer(deps.store, deps.pool);
  const options = angemeldet(deps);

  const nurPruefer = async (request: FastifyRequest) => {
    const wer = await leser(deps, request);
    if (!wer.admin && !wer.pruefer) throw new HttpError(403, KEIN_ZUGRIFF_VERLAUF);
    return wer;
  };

  /** The selection of a report or an evidence file: exactly one of tausch, familie, woche. */
  const waehle = async (q: Record<string, string>) => {
    const fremd = Object.keys(q).find((k) => !['tausch', 'familie', 'woche'].includes(k));
    const gewaehlt = ['tausch', 'familie', 'woche'].filter((k) => typeof q[k] === 'string' && q[k] !== '');
    if (fremd !== undefined || gewaehlt.length !== 1) throw new HttpError(400, BERICHT_WAS);
    const buch = await AuditNamen.laden(deps, log);
    let events: RecordedEvent[];
    let gegenstand: string;
    if (q.tausch !== undefined) {
      const stream = istUuid(q.tausch) ? await log.tauschStream(q.tausch) : null;
      if (!stream) throw new HttpError(404, 'Diesen Tausch gibt es nicht.');
      events = (await deps.store.readStream(stream)).events.filter((e) => (e.data as { tauschId?: unknown } | null)?.tauschId === q.tausch);
      const angebot = events.find((e) => e.type === 'TauschAngeboten')?.data as
        | { jahr?: number; kalenderwoche?: number; elternId?: string }
        | undefined;
      const familie = angebot?.elternId ? buch.familie(angebot.elternId) : null;
      gegenstand = `Tausch KW ${angebot?.kalenderwoche ?? '?'}/${angebot?.jahr ?? '?'}${familie ? ` (angeboten von ${familienName(familie)})` : ''}`;
    } else {
      const filter = await logFilterFuerBericht(deps.store, q.familie !== undefined ? { familie: q.familie } : { woche: q.woche ?? '' });
      const gelesen = await log.liste(filter, { offset: 0, limit: MAX_EREIGNISSE + 1, reihenfolge: 'asc' });
      if (gelesen.gesamt > MAX_EREIGNISSE) throw new HttpError(400, BERICHT_ZU_GROSS);
      events = gelesen.events;
      const familie = filter.elternId ? buch.familie(filter.elternId) : null;
      gegenstand = filter.elternId ? familienName(familie) : `KW ${filter.woche?.kalenderwoche}/${filter.woche?.jahr}`;
    }
    if (events.length === 0) throw new HttpError(404, BERICHT_LEER);
    return { buch, events, gegenstand };
  };

  /** The evidence file of these events under the latest anchor (Postgres log), or null when no anchor covers them. */
  const beweisFuer = async (events: readonly RecordedEvent[]) => {
    const anker = (await deps.store.readStream(ANKER_STREAM)).events
      .filter((e) => e.type === 'AnkerErstellt')
      .map((e) => e.data as AnkerErstelltDaten)
      .at(-1);
    if (!anker || deps.store.kind !== 'postgres') return { anker: null, beweis: null };
    const position = parsePosition(anker.position);
    const koepfe = position ? ((await verifyHashChain(deps.pool, { koepfeBis: position })).bis?.koepfe ?? []) : [];
    const { anlass: _anlass, ...zusammenfassung } = anker;
    const datei: Anker = { ...zusammenfassung, format: 'waldkita-anker/1', koepfe };
    try {
      const inhalt = await beweisDatei(deps.pool, datei, { ereignisse: events.map((e) => e.id) }, deps.now());
      return { anker, beweis: { dateiname: `beweis-${anker.position.replace('/', '-')}.jsonl`, inhalt } };
    } catch {
      // The log no longer gives the anchor's root: no anchor covers it; 'Integrität prüfen' says why.
      return { anker: null, beweis: null };
    }
  };

  /** GET /api/audit/beweis?…: the evidence file alone (JSON Lines), for tools/beweis-pruefen.mjs. */
  app.get<{ Querystring: Record<string, string> }>('/api/audit/beweis', options, async (request, reply) => {
    const wer = await nurPruefer(request);
    const { events } = await waehle(request.query ?? {});
    await protokolliere(deps, request, wer, 'export');
    const { beweis } = await beweisFuer(events);
    if (!beweis) throw new HttpError(409, KEIN_ANKER_FUER_BEWEIS);
    return reply
      .header('content-type', 'application/jsonl; charset=utf-8')
      .header('content-disposition', `attachment; filename="${beweis.dateiname}"`)
      .header('x-beweis-sha256', createHash('sha256').update(beweis.inhalt).digest('hex'))
      .send(beweis.inhalt);
  });

  app.get<{ Querystring: Record<string, string> }>('/api/audit/bericht', options, async (request, reply) => {
    const wer = await nurPruefer(request);
    const { buch, events, gegenstand } = await waehle(request.query ?? {});
    await protokolliere(deps, request, wer, 'export');
    const eintraege = await buch.eintraege(events);
    const { anker, beweis } = await beweisFuer(events);
    const jetzt = deps.now();
    const { pdf, beweisSha256 } = await erstelleBericht({
      gegenstand,
      erstelltAm: zeitDeutsch(jetzt.toISOString()),
      erstelltVon: `${buch.akteur(wer.elternId)} (${wer.admin ? 'Leitung' : 'Prüfer'})`,
      eintraege,
      anker:
        anker && beweis
          ? {
              zeitpunkt: zeitDeutsch(anker.zeitpunkt),
              position: anker.position,
              fingerabdruck: fingerabdruck(anker.schluessel),
              wurzel: anker.wurzel,
            }
          : null,
      beweis,
      jetzt,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="fallbericht-${jetzt.toISOString().slice(0, 10)}.pdf"`)
      .header('x-bericht-sha256', createHash('sha256').update(pdf).digest('hex'))
      .header('x-beweis-sha256', beweisSha256 ?? '')
      .send(pdf);
  });
}
