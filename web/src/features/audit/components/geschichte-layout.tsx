import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageLayout } from '@/components/page-layout';
import '../audit.css';

/** The frame of a story page (one swap, one import): title, and the way back to the list. */
export function GeschichteLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageLayout
      title={title}
      subtitle={subtitle}
      actions={
        <Link className="btn btn--on-dark btn--small" to="/audit">
          {t('audit.zurueckZumVerlauf')}
        </Link>
      }
    >
      <div className="vl-page">{children}</div>
    </PageLayout>
  );
}

/** Loading, refusal and failure of a story, the same on both story pages. */
export function GeschichteStatus({ laedt, fehler }: { laedt: boolean; fehler: string | null }) {
  const { t } = useTranslation();
  if (laedt)
    return (
      <p className="text-muted" role="status">
        {t('audit.meldung.laden')}
      </p>
    );
  return fehler ? (
    <section className="card vl-card vl-hinweis">
      <p className="vl-hinweis__titel">{fehler}</p>
    </section>
  ) : null;
}
