import type { AnteilGesetzt, ElternAngelegt, ElternGeloescht, RollenGesetzt } from '@waldkita/domain/admin/antworten';
import { MAX_PASSWORT_LAENGE, MIN_PASSWORT_LAENGE, PASSWORT_ZU_KURZ, PASSWORT_ZU_LANG } from '@waldkita/domain/auth/passwort';
import { dienstartVon, WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { bereichIdFuer, diensteDecider, diensteStream } from '@waldkita/domain/dienste/dienste';
import { einsatzDecider, einsatzStream } from '@waldkita/domain/einsatz/einsatz';
import { EINSAETZE_STREAM, einsaetzeAb, einsatzVerzeichnisDecider } from '@waldkita/domain/einsatz/einsatz-verzeichnis';
import {
  ADMIN_NICHT_LOESCHBAR,
  ANTEIL_GRUND_FEHLT,
  anteilVon,
  elternDecider,
  elternStream,
  istAdmin,
  ROLLEN,
  type Rolle,
} from '@waldkita/domain/eltern/eltern';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { aktuelleWoche, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { hashPassword } from '@waldkita/platform/auth/passwords';
import { handleCommand, handleCommands, streamCommand } from '@waldkita/platform/command-handler';
import { dienstarten } from '@waldkita/platform/dienste/plane-dienstart';
import { authenticate } from '@waldkita/platform/http/auth';
import { HttpError } from '@waldkita/platform/http/errors';
import { withEventPosition } from '@waldkita/platform/http/event-position';
import { parseOr400 } from '@waldkita/platform/http/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminAufrufer, nurAdmins } from '../auth/aufrufer.js';
import type { CommandDeps } from '../deps.js';
import { registriereEltern } from '../eltern/registriere-eltern.js';
import { speicherePasswort } from '../eltern/zugaenge.js';
import { textOderNull } from '../http-input.js';

const FELDER_FEHLEN = 'Bitte füllen Sie alle Felder aus';
const EMAIL_UNGUELTIG = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
const EMAIL_VERGEBEN = 'Diese E-Mail-Adresse ist bereits vergeben.';
const GRUPPE_UNBEKANNT = (name: string) => `Die Gruppe "${name}" gibt es nicht.`;
const ROLLE_UNBEKANNT = 'Unbekannte Rolle. Erlaubt sind ROLE_ELTERN, ROLE_ADMIN und ROLE_AUDITOR.';
const EIGENE_ADMINROLLE = 'Sie können sich die Admin-Rolle nicht selbst entziehen.';

const neuSchema = z.object({
  nachname: textOderNull,
  nameKind: textOderNull.optional(),
  email: textOderNull,
  /** docs/produkt.md §7 sends the group's name; older clients call it gruppenName or gruppeName. */
  gruppe: z.unknown().optional(),
  gruppenName: textOderNull.optional(),
  gruppeName: textOderNull.optional(),
});
const rolleSchema = z.object({ role: textOderNull.optional(), roles: z.array(z.string()).optional() });
const passwortSchema = z.object({ newPassword: textOderNull });
/** The share's checks (a whole number 0…5, a reason of bounded length) are the decider's, with its German messages. */
const anteilSchema = z.object({
  anteil: z.unknown().optional(),
  grund: z.unknown().optional(),
  dienstartId: z.string({ error: 'Die Dienstart muss als Kennung (Text) angegeben werden.' }).trim().min(1).max(100).optional().nullable(),
});

const gruppenName = (body: z.infer<typeof neuSchema>): string => {
  const g = body.gruppe;
  const name =
    typeof g === 'string'
      ? g
      : g && typeof g === 'object' && 'gruppenName' in g
        ? String(g.gruppenName)
        : (body.gruppenName ?? body.gruppeName ?? '');
  return name.trim();
};

/** Rollen from `{ role }` (one role besides the parent role) or `{ roles }` (the full list). */
const rollenAus = (body: z.infer<typeof rolleSchema>): Rolle[] => {
  const gewuenscht = body.roles ?? (body.role ? [body.role] : []);
  const rollen = gewuenscht.map((r) => (r.trim().toUpperCase() === 'ADMIN' ? 'ROLE_ADMIN' : r.trim().toUpperCase()));
  if (rollen.length === 0 || rollen.some((r) => !(ROLLEN as readonly string[]).includes(r))) throw new HttpError(400, ROLLE_UNBEKANNT);
  return [...new Set<Rolle>(['ROLE_ELTERN', ...(rollen as Rolle[])])];
};

/** The group of that name (without case) as its stream knows it, or null when there is none. */
async function findeGruppe(deps: CommandDeps, name: string) {
  const { rows } = await deps.pool.query<{ gruppe_id: string }>('SELECT gruppe_id::text FROM gruppen_namen WHERE name_key = lower($1)', [
    name,
  ]);
  if (!rows[0]) return null;
  const state = fold(gruppeDecider, (await deps.store.readStream(gruppeStream(rows[0].gruppe_id))).events as never);
  return state.status === 'aktiv' ? { gruppe_id: rows[0].gruppe_id, name: state.name } : null;
}

/** Parents in the Admin Center (docs/produkt.md §7 Admin): create, delete, change role, set a password. */
export function elternAdminRoutes(app: FastifyInstance, deps: CommandDeps) {
  const preHandler = [authenticate(deps.tokens), nurAdmins(deps)];

  app.post('/api/admin/eltern', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const body = parseOr400(neuSchema, request.body);
    const nachname = body.nachname?.trim() ?? '';
    const email = body.email?.trim() ?? '';
    const name = gruppenName(body);
    if (!nachname || !email || !name) throw new HttpError(400, FELDER_FEHLEN);
    if (!z.email().safeParse(email).success) throw new HttpError(400, EMAIL_UNGUELTIG);
    // The name through gruppen_namen, written with GruppeAngelegt, and the group's own stream: a
    // group created a moment ago is found at once, which the read model cannot promise.
    const gruppe = await findeGruppe(deps, name);
    if (!gruppe) throw new HttpError(400, GRUPPE_UNBEKANNT(name));
    const result = await registriereEltern(
      deps,
      { nachname, nameKind: body.nameKind?.trim() || null, email, gruppeId: gruppe.gruppe_id, rollen: ['ROLE_ELTERN'] },
      { actorId: admin.elternId, now: deps.now() },
    );
    if (result.status === 'existiert') throw new HttpError(409, EMAIL_VERGEBEN);
    withEventPosition(reply, result.position).status(201);
    return {
      id: result.elternId,
      nachname,
      email: email.toLowerCase(),
      gruppe: { gruppenID: gruppe.gruppe_id, gruppenName: gruppe.name },
      message: `Familie ${nachname} wurde angelegt.`,
    } satisfies ElternAngelegt;
  });

  app.delete<{ Params: { id: string } }>('/api/admin/eltern/:id', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { state, freigegeben, position } = await entferneFamilie(deps, request.params.id, admin.elternId);
    withEventPosition(reply, position);
    const nachname = state.status === 'unbekannt' ? '' : state.eltern.nachname;
    return {
      id: request.params.id,
      freigegebeneWochen: freigegeben,
      message: `${nachname} wurde erfolgreich gelöscht`,
    } satisfies ElternGeloescht;
  });

  app.put<{ Params: { id: string } }>('/api/admin/eltern/:id/role', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const rollen = rollenAus(parseOr400(rolleSchema, request.body));
    if (request.params.id === admin.elternId && !istAdmin(rollen)) throw new HttpError(409, EIGENE_ADMINROLLE);
    const { position, state } = await handleCommand(
      deps.store,
      elternStream(request.params.id),
      elternDecider,
      { type: 'AendereRollen', data: { elternId: request.params.id, rollen } },
      { actorId: admin.elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    return {
      id: request.params.id,
      authorities: (state.status === 'aktiv' ? state.eltern.rollen : rollen).map((authority) => ({ authority })),
    } satisfies RollenGesetzt;
  });

  /**
   * PUT /api/admin/eltern/{id}/anteil {anteil, grund, dienstartId?}: the family's share of a duty
   * kind (default: the water duty; 0 = exempt), with the reason.
   */
  app.put<{ Params: { id: string } }>('/api/admin/eltern/:id/anteil', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const body = parseOr400(anteilSchema, request.body);
    if (typeof body.grund !== 'string') throw new HttpError(400, ANTEIL_GRUND_FEHLT);
    const anteil = typeof body.anteil === 'number' ? body.anteil : Number.NaN;
    const art = dienstartVon(await dienstarten(deps.store), body.dienstartId || WASSERDIENST_ID);
    const { position, state } = await handleCommand(
      deps.store,
      elternStream(request.params.id),
      elternDecider,
      { type: 'SetzeAnteil', data: { elternId: request.params.id, anteil, grund: body.grund, dienstartId: art.id } },
      { actorId: admin.elternId, now: deps.now() },
    );
    withEventPosition(reply, position);
    const nachname = state.status === 'unbekannt' ? '' : state.eltern.nachname;
    const jetzt = anteilVon(state, art.id);
    const bei = art.eingebaut ? '' : ` beim ${art.name}`;
    return {
      id: request.params.id,
      // The water duty's answer stays as it was (docs/api-admin.md); another kind names itself.
      ...(art.eingebaut ? {} : { dienstartId: art.id }),
      anteil: jetzt,
      message:
        jetzt === 0 ? `Familie ${nachname} ist vom ${art.name} befreit.` : `Der Anteil von Familie ${nachname}${bei} ist jetzt ${jetzt}.`,
    } satisfies AnteilGesetzt;
  });

  app.put<{ Params: { id: string } }>('/api/admin/eltern/:id/reset-password', { preHandler }, async (request, reply) => {
    const admin = await adminAufrufer(deps, request);
    const { newPassword } = parseOr400(passwortSchema, request.body);
    if (!newPassword || newPassword.length < MIN_PASSWORT_LAENGE) throw new HttpError(400, PASSWORT_ZU_KURZ);
    if (newPassword.length > MAX_PASSWORT_LAENGE) throw new HttpError(400, PASSWORT_ZU_LANG);
    const hash = await hashPassword(newPassword);
    const now = deps.now();
    const { position } = await handleCommand(
      deps.store,
      elternStream(request.params.id),
      elternDecider,
      { type: 'SetzePasswort', data: { elternId: request.params.id, grund: 'zuruecksetzung' } },
      { actorId: admin.elternId, now },
      { side: { claim: (db) => speicherePasswort(db, request.params.id, hash, now) } },
    );
    deps.zugangGeaendert?.(request.params.id);
    withEventPosition(reply, position).type('text/plain; charset=utf-8');
    return 'Passwort wurde zurückgesetzt.';
  });
}

/**
 * Removes a family from the kindergarten ('Löschen' in the Admin Center; also the first step of
 * 'Personendaten löschen' for a family still in it): first its duties are freed and its offers
 * withdrawn, and its places and waiting-list entries on work days not over yet are freed (all
 * idempotent), then the account is removed. A crash in between leaves a family without future
 * duties or shifts, and removing again completes it. Admins cannot be removed.
 */
export async function entferneFamilie(deps: Pick<CommandDeps, 'store' | 'now'>, elternId: string, actorId: string) {
  const context = { actorId, now: deps.now() };
  const state = fold(elternDecider, (await deps.store.readStream(elternStream(elternId))).events as never);
  if (state.status === 'aktiv' && istAdmin(state.eltern.rollen)) throw new HttpError(409, ADMIN_NICHT_LOESCHBAR);
  let freigegeben: { jahr: number; kalenderwoche: number }[] = [];
  let position = null;
  if (state.status !== 'unbekannt' && state.eltern.gruppeId) {
    const { gruppeId } = state.eltern;
    const result = await handleCommand(
      deps.store,
      dienstplanStream(gruppeId),
      dienstplanDecider,
      { type: 'GebeDiensteFrei', data: { gruppeId, elternId: state.eltern.elternId, heute: aktuelleWoche(deps.now()) } },
      context,
    );
    freigegeben = result.events.flatMap((e) =>
      e.type === 'WasserdienstFreigegeben' ? [{ jahr: e.data.jahr, kalenderwoche: e.data.kalenderwoche }] : [],
    );
    position = result.position;
  }
  if (state.status !== 'unbekannt') {
    // Its dates of every other kind, in its group's plans and the whole kindergarten's.
    const arten = [...(await dienstarten(deps.store)).arten.values()].filter((a) => !a.eingebaut);
    const heute = heuteInBerlin(deps.now());
    const befehle = arten.flatMap((art) => {
      const bereichId = bereichIdFuer(art.bereich, state.eltern.gruppeId);
      if (!bereichId) return [];
      return [
        streamCommand(diensteStream(art.id, bereichId), diensteDecider, {
          type: 'GebeFamilienDiensteFrei',
          data: { dienstartId: art.id, bereichId, elternId: state.eltern.elternId, heute },
        }),
      ];
    });
    if (befehle.length > 0) position = (await handleCommands(deps.store, befehle, context)).position ?? position;
    // Its places on the work days not over yet go to the first families waiting; its waiting-list entries go.
    const verzeichnis = fold(einsatzVerzeichnisDecider, (await deps.store.readStream(EINSAETZE_STREAM)).events as never);
    const schichten = einsaetzeAb(verzeichnis, heute).map((einsatzId) =>
      streamCommand(einsatzStream(einsatzId), einsatzDecider, {
        type: 'GebeSchichtenFrei',
        data: { einsatzId, elternId: state.eltern.elternId, heute },
      }),
    );
    if (schichten.length > 0) position = (await handleCommands(deps.store, schichten, context)).position ?? position;
  }
  const removed = await handleCommand(
    deps.store,
    elternStream(elternId),
    elternDecider,
    { type: 'EntferneEltern', data: { elternId } },
    context,
  );
  return { state, freigegeben, position: removed.position ?? position };
}
