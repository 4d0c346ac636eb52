import { useParams } from 'react-router-dom';
import { ImportGeschichtePage } from '@/features/audit/components/import-geschichte-page';
import { IntegritaetPage } from '@/features/audit/components/integritaet-page';
import { TauschGeschichtePage } from '@/features/audit/components/tausch-geschichte-page';
import { VerlaufPage } from '@/features/audit/components/verlauf-page';
import { ZugriffVerweigert } from '@/features/audit/components/zugriff-verweigert';
import { darfVerlaufSehen } from '@/features/audit/utils/zugriff';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';

/** /audit 'Verlauf' (docs/audit.md): auditors and admins; everyone else is told so and sent back. */
export function AuditRoute() {
  const user = useAuthenticatedUser();
  return darfVerlaufSehen(user) ? <VerlaufPage /> : <ZugriffVerweigert />;
}

/** /audit/tausch/:tauschId — one swap's story. */
export function AuditTauschRoute() {
  const user = useAuthenticatedUser();
  const { tauschId = '' } = useParams();
  return darfVerlaufSehen(user) ? <TauschGeschichtePage tauschId={tauschId} /> : <ZugriffVerweigert />;
}

/** /audit/import/:importId — one import's story. */
export function AuditImportRoute() {
  const user = useAuthenticatedUser();
  const { importId = '' } = useParams();
  return darfVerlaufSehen(user) ? <ImportGeschichtePage importId={importId} /> : <ZugriffVerweigert />;
}

/** /audit/integritaet — 'Integrität prüfen': the chain, the anchors. */
export function AuditIntegritaetRoute() {
  const user = useAuthenticatedUser();
  return darfVerlaufSehen(user) ? <IntegritaetPage /> : <ZugriffVerweigert />;
}
