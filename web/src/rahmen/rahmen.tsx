import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRoute } from '@/app/routes/login';
import { LadePanel } from '@/components/lade-zustand';
import { PageLayout } from '@/components/page-layout';
import { MeineWasserdiensteTable } from '@/features/wasserdienst/components/meine-wasserdienste-table';

/**
 * What a screen draws first, as HTML built once per language (scripts/rahmen.mjs) and sent in
 * #root before any script has run (cli/src/screen-preload.ts): the login screen as it is, and of
 * the signed-in screens the header (logo, heading, its buttons) above what the screen shows while
 * its data loads. Only screens whose header does not depend on the family or on data; the others
 * start with the loading screen as before. The frame is inert (nothing to click or type into
 * before the app runs) and stays until the screen itself is drawn (erster-rahmen.tsx).
 */

/** The signed-in screen's header with the loading panel of its content. */
function Kopf({
  titel,
  untertitel,
  laden,
  zurueck = true,
  aktionen,
  children,
}: {
  titel: string;
  untertitel?: ReactNode;
  laden?: string;
  zurueck?: boolean;
  aktionen?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t(titel)} subtitle={untertitel} backToDashboard={zurueck} actions={aktionen}>
      {laden ? <LadePanel text={t(laden)} /> : children}
    </PageLayout>
  );
}

function DashboardRahmen() {
  const { t } = useTranslation();
  return (
    <Kopf
      titel="dashboard.titel"
      // The greeting names the family, known only once the session is read: a line of its height.
      untertitel={'\u00a0'}
      zurueck={false}
      aktionen={
        <>
          <button type="button" className="btn btn--on-dark">
            {t('shell.passwortAendern')}
          </button>
          <button type="button" className="btn btn--on-dark-solid">
            {t('shell.abmelden')}
          </button>
        </>
      }
    />
  );
}

function SeitenRahmen({ titel, untertitel, laden }: { titel: string; untertitel?: string; laden?: string }) {
  const { t } = useTranslation();
  return <Kopf titel={titel} untertitel={untertitel ? t(untertitel) : undefined} laden={laden} />;
}

/** The frames by path, each the path of one screen of app/router.tsx ('/' is the login's too). */
export const RAHMEN: Record<string, () => ReactNode> = {
  '/login': () => <LoginRoute />,
  '/dashboard': () => <DashboardRahmen />,
  // The duty list's card with its heading, as wasserdienst-view.tsx draws it while the duties load.
  '/wasserdienst': () => (
    <Kopf titel="wasserdienst.titel">
      <div className="wd-page">
        <MeineWasserdiensteTable zuweisungen={null} />
      </div>
    </Kopf>
  ),
  '/dienste': () => <SeitenRahmen titel="dienste.seite.titel" untertitel="dienste.seite.untertitel" laden="dienste.laden" />,
  '/arbeitseinsaetze': () => <SeitenRahmen titel="einsaetze.seite.titel" untertitel="einsaetze.seite.untertitel" laden="einsaetze.laden" />,
  '/meine-daten': () => <SeitenRahmen titel="meineDaten.seite.titel" untertitel="meineDaten.seite.untertitel" />,
};
