import { kannErstellen } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { Abwesenheit, CreationInfo } from '@waldkita/domain/abwesenheit/antworten';
import { aktuelleWoche, heuteInBerlin, tageZwischen } from '@waldkita/domain/kalender/iso-woche';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance } from 'fastify';
import { angemeldet } from '../auth/leser.js';
import type { LeseRoutenDeps } from '../http/antwort-cache.js';

const rm = READ_MODEL_SCHEMA;

type Row = { abwesenheit_id: string; eltern_id: string; jahr: number; kalenderwoche: number };

/** A family's own absences and whether it may still report more (judged by the server's date in Europe/Berlin). */
export function abwesenheitRoutes(app: FastifyInstance, deps: LeseRoutenDeps) {
  const eigene = async (elternId: string) =>
    (
      await deps.pool.query<Row>(
        `SELECT abwesenheit_id, eltern_id, jahr, kalenderwoche FROM ${rm}.abwesenheit WHERE eltern_id = $1
         ORDER BY jahr DESC, kalenderwoche DESC`,
        [elternId],
      )
    ).rows;

  app.get(
    '/api/abwesenheit',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) =>
      (await eigene(wer.elternId)).map(
        (r): Abwesenheit => ({
          abwesenheitID: r.abwesenheit_id,
          id: r.abwesenheit_id,
          kalenderwoche: r.kalenderwoche,
          jahr: r.jahr,
        }),
      ),
    ),
  );

  app.get(
    '/api/wasserdienst/absences/my',
    angemeldet(deps),
    deps.antworten('eltern', async (_request, wer) =>
      (await eigene(wer.elternId)).map((r) => ({
        id: r.abwesenheit_id,
        kalenderwoche: r.kalenderwoche,
        jahr: r.jahr,
        elternId: r.eltern_id,
      })),
    ),
  );

  app.get(
    '/api/abwesenheit/creation-info',
    angemeldet(deps),
    deps.antworten('alle', async () => {
      const { rows } = await deps.pool.query<{ frist: string | null }>(`SELECT to_char(frist, 'YYYY-MM-DD') AS frist FROM ${rm}.saison`);
      // Same precedence as the command side: the season's deadline, else the configured one.
      const deadline = rows[0]?.frist ?? deps.config.ABWESENHEIT_FRIST ?? null;
      const jetzt = deps.now();
      const heute = heuteInBerlin(jetzt);
      const info: CreationInfo = {
        canCreateAbwesenheit: kannErstellen(heute, deadline),
        remainingDays: deadline ? Math.max(0, tageZwischen(heute, deadline)) : 0,
        deadline,
        aktuelleWoche: aktuelleWoche(jetzt),
      };
      return info;
    }),
  );
}
