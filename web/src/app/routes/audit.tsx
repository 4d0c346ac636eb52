import { useParams } from 'react-router-dom';
import { ZugriffVerweigert } from '@/components/zugriff-verweigert';
import { ImportGeschichtePage } from '@/features/audit/components/import-geschichte-page';
import { IntegritaetPage } from '@/features/audit/components/integritaet-page';
import { AbwesenheitenStandPage, SchliesszeitenStandPage } from '@/features/audit/components/stand-pages';
import { TauschGeschichtePage } from '@/features/audit/components/tausch-geschichte-page';
import { VerlaufPage } from '@/features/audit/components/verlauf-page';
import { ZUGRIFF_VERWEIGERT } from '@/features/audit/utils/texte';
import { darfVerlaufSehen } from '@/features/audit/utils/zugriff';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';

/** /audit 'Verlauf' (docs/audit.md): auditors and admins; everyone else is told so and sent back. */
export function AuditRoute() {
  const user = useAuthenticatedUser();
  return darfVerlaufSehen(user) ? <VerlaufPage /> : <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
}

/** /audit/tausch/:tauschId — one swap's story. */
export function AuditTauschRoute() {
  const user = useAuthenticatedUser();
  const { tauschId = '' } = useParams();
  return darfVerlaufSehen(user) ? <TauschGeschichtePage tauschId={tauschId} /> : <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
}

/** /audit/import/:importId — one import's story. */
export function AuditImportRoute() {
  const user = useAuthenticatedUser();
  const { importId = '' } = useParams();
  return darfVerlaufSehen(user) ? <ImportGeschichtePage importId={importId} /> : <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
}

/** /audit/integritaet — 'Integrität prüfen': the chain, the anchors. */
export function AuditIntegritaetRoute() {
  const user = useAuthenticatedUser();
  return darfVerlaufSehen(user) ? <IntegritaetPage /> : <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
}

/** /audit/abwesenheiten?asOf= — every family's absences as they stood. */
export function AuditAbwesenheitenRoute() {
  const user = useAuthenticatedUser();
  return darfVerlaufSehen(user) ? <AbwesenheitenStandPage /> : <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
}

/** /audit/schliesszeiten?asOf= — the closing times, holidays and events as they stood. */
export function AuditSchliesszeitenRoute() {
  const user = useAuthenticatedUser();
  return darfVerlaufSehen(user) ? <SchliesszeitenStandPage /> : <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
}
