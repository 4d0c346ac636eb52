import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LadePanel } from '@/components/lade-zustand';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { ZugriffVerweigert } from '@/components/zugriff-verweigert';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { serverMessage, withServerMessage } from '@/lib/error-message';
import { rollenVon } from '@/lib/roles';
import { useAdminDienstarten } from '../api/dienstarten';
import { useAdminEltern, useAdminGruppen } from '../api/eltern';
import { useFerienStatus, useFerienUebersicht } from '../api/ferien';
import { useAdminStatistik } from '../api/gruppen';
import { BEREICHE, type Bereich, bereichPfad } from '../utils/bereiche';
import { MELDUNG, TOAST_MS, type Uebersetze, ZUGRIFF_VERWEIGERT } from '../utils/texte';
import { CsvImport } from './csv-import';
import { DienstartenVerwaltung } from './dienstarten-verwaltung';
import { EinsaetzeVerwaltung } from './einsaetze-verwaltung';
import { ElternVerwaltung } from './eltern-verwaltung';
import { FerienVerwaltung } from './ferien-verwaltung';
import { GruppenExport } from './gruppen-export';
import type { Melder } from './melder';
import { StundenVerwaltung } from './stunden-verwaltung';
import { WasserdienstPlaner } from './wasserdienst-planer';
import '../admin.css';

/**
 * /admin-dashboard (docs/produkt.md §2 Admin Center): only for admins; everyone else is sent back.
 * One section at a time, each under its own address (issue 24); /admin-dashboard shows the first.
 */
export function AdminDashboardPage({ user, bereich }: { user: ElternDto; bereich: Bereich }) {
  return istAdmin(rollenVon(user)) ? <AdminCenter bereich={bereich} /> : <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
}

const istVerweigert = (error: unknown) => error instanceof ApiError && error.status === 403;
const istAbgemeldet = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Reports a failed read once per failure (a 401 is handled by the API client and the route gate). */
function useLadeFehler(error: unknown, text: (error: unknown) => string, zeige: (text: string) => void) {
  useEffect(() => {
    if (error && !istAbgemeldet(error) && !istVerweigert(error)) zeige(text(error));
  }, [error, text, zeige]);
}

/** The read failures' texts in the admin's language. */
const ladeFehlerTexte = (t: Uebersetze) => ({
  eltern: (error: unknown) => withServerMessage(t(MELDUNG.ladeFehlerEltern), error),
  gruppen: (error: unknown) => withServerMessage(t(MELDUNG.ladeFehlerGruppen), error),
  statistik: (error: unknown) => withServerMessage(t(MELDUNG.ladeFehlerStatistik), error),
  uebersicht: (error: unknown) => withServerMessage(t(MELDUNG.ladeFehlerUebersicht), error),
  status: (error: unknown) => {
    const text = serverMessage(error);
    return text ? `${t(MELDUNG.ladeFehlerStatus)}: ${text}` : t(MELDUNG.ladeFehlerStatusFallback);
  },
});

function AdminCenter({ bereich }: { bereich: Bereich }) {
  const { t } = useTranslation();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const fehler = useMemo(() => ladeFehlerTexte(t), [t]);
  const [offeneDialoge, setOffeneDialoge] = useState<ReadonlySet<string>>(() => new Set());

  const eltern = useAdminEltern({ enabled: true });
  const gruppen = useAdminGruppen({ enabled: true });
  const status = useFerienStatus({ enabled: true });
  const uebersicht = useFerienUebersicht({ enabled: true });
  const statistik = useAdminStatistik({ enabled: true });
  const dienstarten = useAdminDienstarten();

  useLadeFehler(eltern.error, fehler.eltern, showError);
  useLadeFehler(gruppen.error, fehler.gruppen, showError);
  useLadeFehler(status.error, fehler.status, showError);
  useLadeFehler(uebersicht.error, fehler.uebersicht, showError);
  useLadeFehler(statistik.error, fehler.statistik, showError);

  const dialog = useCallback((name: string, offen: boolean) => {
    setOffeneDialoge((alt) => {
      if (alt.has(name) === offen) return alt;
      const neu = new Set(alt);
      if (offen) neu.add(name);
      else neu.delete(name);
      return neu;
    });
  }, []);
  const melder = useMemo<Melder>(() => ({ erfolg: showSuccess, fehler: showError, dialog }), [showSuccess, showError, dialog]);

  // The server checks the account's current roles: a role taken away since sign-in ends here.
  if ([eltern, gruppen, status, uebersicht, statistik].some((q) => istVerweigert(q.error)))
    return <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;

  const toastElement = <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />;
  const dialogOffen = offeneDialoge.size > 0;
  const laedt = [eltern, gruppen, status, uebersicht, statistik].some((q) => q.isPending && !q.isError);

  return (
    <PageLayout title={t('admin.center.titel')} subtitle={t('admin.center.untertitel')} backToDashboard>
      {laedt ? (
        <LadePanel text={t(MELDUNG.laden)} />
      ) : (
        <div className="ad-layout">
          <nav className="ad-nav" aria-label={t('admin.center.navigation')}>
            <ul>
              {BEREICHE.map(({ pfad, name }) => (
                <li key={pfad}>
                  <Link to={bereichPfad(pfad)} aria-current={pfad === bereich ? 'page' : undefined}>
                    {t(name)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ad-page">
            {bereich === 'familien' && (
              <ElternVerwaltung
                eltern={eltern}
                gruppen={gruppen}
                dienstarten={(dienstarten.data ?? []).filter((a) => !a.archiviert)}
                melder={melder}
                toast={toastElement}
              />
            )}
            {bereich === 'gruppen' && <GruppenExport gruppen={gruppen} statistik={statistik} melder={melder} />}
            {bereich === 'ferien' && <FerienVerwaltung status={status} uebersicht={uebersicht} melder={melder} />}
            {bereich === 'import' && <CsvImport ferienBestaetigt={status.data?.confirmed ?? null} melder={melder} toast={toastElement} />}
            {bereich === 'planung' && <WasserdienstPlaner gruppen={gruppen.data ?? []} eltern={eltern.data ?? []} melder={melder} />}
            {bereich === 'dienstarten' && (
              <DienstartenVerwaltung
                dienstarten={dienstarten}
                gruppen={gruppen.data ?? []}
                eltern={eltern.data ?? []}
                melder={melder}
                toast={toastElement}
              />
            )}
            {bereich === 'einsaetze' && <EinsaetzeVerwaltung eltern={eltern.data ?? []} melder={melder} toast={toastElement} />}
            {bereich === 'stunden' && <StundenVerwaltung melder={melder} toast={toastElement} />}
          </div>
        </div>
      )}
      {!dialogOffen && toastElement}
    </PageLayout>
  );
}
