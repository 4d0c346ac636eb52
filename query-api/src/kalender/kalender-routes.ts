import type { Schliesszeit, TagEintrag } from '@waldkita/domain/kalender/antworten';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { angemeldet } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

const rm = READ_MODEL_SCHEMA;
const PFADE = ['/api/api/schliesszeiten', '/api/schliesszeiten'];

type JahrQuery = { Querystring: { year?: string } };
const jahrAus = (value: string | undefined) => (value && /^\d{4}$/.test(value) ? Number(value) : null);

/**
 * Closing weeks, closing days and events for everyone signed in (docs/produkt.md §7, under both prefixes).
 * Holidays are among the closing weeks and days, with their `ferienart` (null for the others).
 */
export function kalenderRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  const tage = async (tabelle: 'schliesstag' | 'kita_event', jahr: number | null, ab: string | null) =>
    (
      await deps.pool.query<TagEintrag>(
        `SELECT id, to_char(datum, 'YYYY-MM-DD') AS datum, beschreibung${tabelle === 'schliesstag' ? ', ferienart' : ''} FROM ${rm}.${tabelle}
         WHERE ($1::int IS NULL OR extract(year FROM datum) = $1) AND ($2::date IS NULL OR datum >= $2)
         ORDER BY datum, beschreibung`,
        [jahr, ab],
      )
    ).rows;

  for (const basis of PFADE) {
    app.get<JahrQuery>(
      basis,
      angemeldet(deps),
      deps.antworten<JahrQuery>('alle', async (request) => {
        const { rows } = await deps.pool.query<Schliesszeit>(
          `SELECT id, kalenderwoche, jahr, beschreibung, ferienart FROM ${rm}.schliesswoche WHERE ($1::int IS NULL OR jahr = $1)
         ORDER BY jahr, kalenderwoche`,
          [jahrAus(request.query.year)],
        );
        return rows;
      }),
    );
    for (const [segment, tabelle] of [
      ['schliesstage', 'schliesstag'],
      ['events', 'kita_event'],
    ] as const) {
      app.get<JahrQuery>(
        `${basis}/${segment}`,
        angemeldet(deps),
        deps.antworten<JahrQuery>('alle', async (request) => tage(tabelle, jahrAus(request.query.year), null)),
      );
      app.get(
        `${basis}/${segment}/upcoming`,
        angemeldet(deps),
        deps.antworten('alle', async () => tage(tabelle, null, heuteInBerlin(deps.now()))),
      );
    }
  }
}
