import { DIENSTART_ARCHIVIERT, type Dienstart } from '@waldkita/domain/dienste/dienstart';
import { bereichIdFuer, type DiensteState, diensteDecider, diensteStream } from '@waldkita/domain/dienste/dienste';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstarten } from '@waldkita/platform/dienste/plane-dienstart';
import { HttpError } from '@waldkita/platform/http/errors';
import type { CommandDeps } from '../deps.js';

/** One plan of a kind other than Wasserdienst that a family takes part in. */
export type AndererPlan = { art: Dienstart; bereichId: string; stream: string; state: DiensteState };

/**
 * The plans of every other kind the family takes part in: its group's plan of each kind per group,
 * and the whole kindergarten's plan of each kind for the kindergarten. The family's group comes from
 * its record in the event log, so an id of another group's plan is simply not found.
 */
async function plaeneDerFamilie(deps: Pick<CommandDeps, 'store'>, gruppeId: string): Promise<AndererPlan[]> {
  const arten = [...(await dienstarten(deps.store)).arten.values()].filter((a) => !a.eingebaut);
  const plaene = arten.flatMap((art) => {
    const bereichId = bereichIdFuer(art.bereich, gruppeId);
    return bereichId ? [{ art, bereichId, stream: diensteStream(art.id, bereichId) }] : [];
  });
  if (plaene.length === 0) return [];
  const gelesen = await deps.store.readStreams(plaene.map((p) => p.stream));
  return plaene.map((p) => ({ ...p, state: fold(diensteDecider, (gelesen.get(p.stream)?.events ?? []) as never) }));
}

/** The plan holding a date or an offer with this id, or null; an archived kind's refuses with 409. */
export async function planMit(deps: Pick<CommandDeps, 'store'>, gruppeId: string, id: string, was: 'dienst' | 'tausch') {
  const plan = (await plaeneDerFamilie(deps, gruppeId)).find((p) => (was === 'dienst' ? p.state.dienste.has(id) : p.state.tausche.has(id)));
  if (plan?.art.archiviert) throw new HttpError(409, DIENSTART_ARCHIVIERT);
  return plan ?? null;
}
