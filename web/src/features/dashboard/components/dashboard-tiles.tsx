import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { AbsenceIcon, AdminIcon, ClosingIcon, DutiesIcon, HistoryIcon, HoursIcon, SwapIcon, WaterIcon, WorkDayIcon } from './tile-icons';

type Tile = { to: string; title: string; subtitle: string; icon: ReactNode; tone: 'forest' | 'moss' | 'bark' | 'fox' };

const TILES: Tile[] = [
  { to: '/wasserdienst', title: 'Wasserdienst', subtitle: 'Meine Einsätze im Kalender', icon: <WaterIcon />, tone: 'forest' },
  { to: '/dienste', title: 'Meine Dienste', subtitle: 'Alle Dienste im Kalender', icon: <DutiesIcon />, tone: 'bark' },
  { to: '/arbeitseinsaetze', title: 'Arbeitseinsätze', subtitle: 'Für eine Schicht eintragen', icon: <WorkDayIcon />, tone: 'moss' },
  { to: '/stunden', title: 'Meine Stunden', subtitle: 'Elternstunden im Kita-Jahr', icon: <HoursIcon />, tone: 'forest' },
  { to: '/tauschboerse', title: 'Tausch-Börse', subtitle: 'Dienste in der Gruppe tauschen', icon: <SwapIcon />, tone: 'moss' },
  { to: '/abwesenheit', title: 'Abwesenheiten', subtitle: 'Abwesende Wochen melden', icon: <AbsenceIcon />, tone: 'bark' },
  { to: '/schliesszeiten', title: 'Schließzeiten & Events', subtitle: 'Termine der Kita', icon: <ClosingIcon />, tone: 'forest' },
];

const ADMIN_TILE: Tile = { to: '/admin-dashboard', title: 'Admin Center', subtitle: 'Verwaltung', icon: <AdminIcon />, tone: 'fox' };

/** The audit trail, for auditors and admins (docs/audit.md). */
const VERLAUF_TILE: Tile = { to: '/audit', title: 'Verlauf', subtitle: 'Wer hat wann was geändert', icon: <HistoryIcon />, tone: 'bark' };

/**
 * The tiles of SPEC.md §2 Dashboard; the Admin Center only for admins (4 columns on large screens),
 * 'Verlauf' for auditors and admins.
 */
export function DashboardTiles({ isAdmin, verlauf = false }: { isAdmin: boolean; verlauf?: boolean }) {
  const tiles = [...TILES, ...(isAdmin ? [ADMIN_TILE] : []), ...(verlauf ? [VERLAUF_TILE] : [])];
  return (
    <section aria-labelledby="tiles-title">
      <h2 id="tiles-title" className="visually-hidden">
        Bereiche
      </h2>
      <ul className={`tile-grid${isAdmin ? ' tile-grid--admin' : ''}`}>
        {tiles.map((tile) => (
          <li key={tile.to}>
            <TileLink tile={tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A card whose title is the link; the link's hit area stretches over the whole card. */
function TileLink({ tile }: { tile: Tile }) {
  const subtitleId = useId();
  return (
    <div className={`tile tile--${tile.tone}`}>
      <span className="tile__icon">{tile.icon}</span>
      <span className="tile__text">
        <Link to={tile.to} className="tile__link" aria-describedby={subtitleId}>
          {tile.title}
        </Link>
        <span id={subtitleId} className="tile__subtitle">
          {tile.subtitle}
        </span>
      </span>
      <span className="tile__arrow" aria-hidden="true">
        →
      </span>
    </div>
  );
}
