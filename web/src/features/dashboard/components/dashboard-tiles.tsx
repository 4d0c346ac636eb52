import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AbsenceIcon, AdminIcon, ClosingIcon, DutiesIcon, HistoryIcon, HoursIcon, SwapIcon, WaterIcon, WorkDayIcon } from './tile-icons';

/** `title` and `subtitle` are keys of the catalogues (docs/i18n.md). */
type Tile = { to: string; title: string; subtitle: string; icon: ReactNode; tone: 'forest' | 'moss' | 'bark' | 'fox' };

const TILES: Tile[] = [
  {
    to: '/wasserdienst',
    title: 'kachel.wasserdienst.titel',
    subtitle: 'kachel.wasserdienst.untertitel',
    icon: <WaterIcon />,
    tone: 'forest',
  },
  { to: '/dienste', title: 'kachel.dienste.titel', subtitle: 'kachel.dienste.untertitel', icon: <DutiesIcon />, tone: 'bark' },
  {
    to: '/arbeitseinsaetze',
    title: 'kachel.einsaetze.titel',
    subtitle: 'kachel.einsaetze.untertitel',
    icon: <WorkDayIcon />,
    tone: 'moss',
  },
  { to: '/stunden', title: 'kachel.stunden.titel', subtitle: 'kachel.stunden.untertitel', icon: <HoursIcon />, tone: 'forest' },
  { to: '/tauschboerse', title: 'kachel.tausch.titel', subtitle: 'kachel.tausch.untertitel', icon: <SwapIcon />, tone: 'moss' },
  { to: '/abwesenheit', title: 'kachel.abwesenheit.titel', subtitle: 'kachel.abwesenheit.untertitel', icon: <AbsenceIcon />, tone: 'bark' },
  {
    to: '/schliesszeiten',
    title: 'kachel.schliesszeiten.titel',
    subtitle: 'kachel.schliesszeiten.untertitel',
    icon: <ClosingIcon />,
    tone: 'forest',
  },
];

const ADMIN_TILE: Tile = {
  to: '/admin-dashboard',
  title: 'kachel.admin.titel',
  subtitle: 'kachel.admin.untertitel',
  icon: <AdminIcon />,
  tone: 'fox',
};

/** The audit trail, for auditors and admins (docs/audit.md). */
const VERLAUF_TILE: Tile = {
  to: '/audit',
  title: 'kachel.verlauf.titel',
  subtitle: 'kachel.verlauf.untertitel',
  icon: <HistoryIcon />,
  tone: 'bark',
};

/**
 * The tiles of docs/produkt.md §2 Dashboard; the Admin Center only for admins (4 columns on large screens),
 * 'Verlauf' for auditors and admins.
 */
export function DashboardTiles({ isAdmin, verlauf = false }: { isAdmin: boolean; verlauf?: boolean }) {
  const { t } = useTranslation();
  const tiles = [...TILES, ...(isAdmin ? [ADMIN_TILE] : []), ...(verlauf ? [VERLAUF_TILE] : [])];
  return (
    <section aria-labelledby="tiles-title">
      <h2 id="tiles-title" className="visually-hidden">
        {t('dashboard.bereiche')}
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
  const { t } = useTranslation();
  return (
    <div className={`tile tile--${tile.tone}`}>
      <span className="tile__icon">{tile.icon}</span>
      <span className="tile__text">
        <Link to={tile.to} className="tile__link" aria-describedby={subtitleId}>
          {t(tile.title)}
        </Link>
        <span id={subtitleId} className="tile__subtitle">
          {t(tile.subtitle)}
        </span>
      </span>
      <span className="tile__arrow" aria-hidden="true">
        →
      </span>
    </div>
  );
}
