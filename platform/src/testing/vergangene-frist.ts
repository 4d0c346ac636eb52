import { plusTage } from '@waldkita/domain/kalender/iso-woche';
import { SAISON_STREAM, saisonDecider } from '@waldkita/domain/saison/saison';
import pg from 'pg';
import { handleCommand } from '../command-handler.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';

/**
 * A season's absence deadline (`frist`, 'YYYY-MM-DD') that has passed since it was set, in the
 * app's log at `databaseUrl`. No request can set a past deadline today, so the event is appended
 * as it was decided the day before the deadline (as if time had moved on) — the one thing a
 * browser test arranges behind the app's HTTP surface.
 */
export async function setzeVergangeneFrist(databaseUrl: string, frist: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  try {
    await handleCommand(
      new PostgresEventStore(pool),
      SAISON_STREAM,
      saisonDecider,
      { type: 'SetzeAbwesenheitsfrist', data: { frist, quelle: 'admin', heute: plusTage(frist, -1) } },
      { actorId: null },
    );
  } finally {
    await pool.end();
  }
}
