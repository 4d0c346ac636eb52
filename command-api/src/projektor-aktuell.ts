import { NOCH_IN_ARBEIT } from '@waldkita/domain/dienste/dienste';
import { HttpError } from '@waldkita/platform/http/errors';
import { projektorAmKopf } from '@waldkita/platform/read-your-writes';
import type { CommandDeps } from './deps.js';

/** How long a command waits for the projector to apply what the log holds before it reads the read models. */
const WARTET_MS = 5000;

/**
 * Planning decides on the read models (families, absences, the other kinds' dates): it starts once
 * the projector has applied the whole log, so the admin's previous plan or a family's absence just
 * reported is in it. A projector that stays behind (stopped, or far behind after a replay) gives a
 * 503 with a German text instead of a plan built on old data. Deleting a group waits the same way
 * before it counts the group's families (`meldung`: the text for that).
 */
export async function projektorAmKopfOder503(deps: Pick<CommandDeps, 'store' | 'pool'>, meldung = NOCH_IN_ARBEIT) {
  if (!(await projektorAmKopf(deps.store, deps.pool, WARTET_MS))) throw new HttpError(503, meldung);
}
