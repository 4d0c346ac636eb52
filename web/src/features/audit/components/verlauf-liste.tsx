import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSprache } from '@/hooks/use-sprache';
import type { AuditEintrag } from '../api/types';
import { kategorieText, zeitIn } from '../utils/texte';

type VerlaufListeProps = {
  eintraege: AuditEintrag[];
  /** Shows 'Dienstplan danach' on entries of a group's plan; called with the entry. */
  onPlanDanach?: (eintrag: AuditEintrag) => void;
  /** Hides the link to the story page the list is already on. */
  ohneLinks?: 'tausch' | 'import';
};

const PLAN_TYPEN = new Set([
  'WasserdienstZugewiesen',
  'WasserdienstFreigegeben',
  'TauschAngenommen',
  'DienstplanZurueckgesetzt',
  'RotaGeplant',
]);

/** The family an event is about (its data's elternId), for 'Alles zu dieser Familie'. */
const elternIdVon = (e: AuditEintrag): string | null => {
  const data = e.roh?.data;
  const id = data && typeof data === 'object' && 'elternId' in data ? (data as { elternId: unknown }).elternId : null;
  return typeof id === 'string' ? id : null;
};

/** Entries of the audit trail: time, category, the German sentence and who did it, with links to the stories. */
export function VerlaufListe({ eintraege, onPlanDanach, ohneLinks }: VerlaufListeProps) {
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    <ol className="vl-liste">
      {eintraege.map((e) => {
        const planbar = onPlanDanach && e.gruppeId && PLAN_TYPEN.has(e.type);
        const tausch = e.tauschId && ohneLinks !== 'tausch';
        const imp = e.importId && ohneLinks !== 'import';
        const familie = elternIdVon(e);
        return (
          <li key={e.id} className="vl-eintrag">
            <div className="vl-eintrag__kopf">
              <time className="vl-eintrag__zeit" dateTime={e.occurredAt}>
                {zeitIn(e.zeit, e.occurredAt, sprache)}
              </time>
              <span className={`badge vl-badge vl-badge--${e.kategorie.toLowerCase()}`}>{kategorieText(e.kategorie, t)}</span>
            </div>
            <p className="vl-eintrag__satz" dir="auto">
              {e.beschreibung}
            </p>
            <p className="vl-eintrag__wer">
              <span className="text-muted">{t('audit.eintrag.wer')}</span> {e.akteur}
              {e.durch && <span dir="auto">, {e.durch}</span>}
            </p>
            <details className="vl-eintrag__roh">
              <summary>{t('audit.eintrag.roh')}</summary>
              <dl className="vl-roh">
                <dt>{t('audit.eintrag.ereignis')}</dt>
                <dd>
                  <code dir="ltr">
                    {e.type} · {e.streamName} #{e.revision} · {e.position}
                  </code>
                </dd>
                <dt>{t('audit.eintrag.hash')}</dt>
                <dd>
                  <code dir="ltr">{e.hash ?? '–'}</code>
                </dd>
                <dt>{t('audit.eintrag.vorherigerHash')}</dt>
                <dd>
                  <code dir="ltr">{e.vorherigerHash ?? '–'}</code>
                </dd>
              </dl>
              <pre className="vl-roh__json" dir="ltr">
                {JSON.stringify(e.roh, null, 2)}
              </pre>
            </details>
            {(tausch || imp || planbar || familie) && (
              <div className="vl-eintrag__links">
                {tausch && (
                  <Link className="btn btn--secondary btn--small" to={`/audit/tausch/${e.tauschId}`}>
                    {t('audit.eintrag.tauschAnsehen')}
                  </Link>
                )}
                {imp && (
                  <Link className="btn btn--secondary btn--small" to={`/audit/import/${e.importId}`}>
                    {t('audit.eintrag.importAnsehen')}
                  </Link>
                )}
                {familie && (
                  <Link className="btn btn--secondary btn--small" to={`/audit?familie=${familie}`}>
                    {t('audit.eintrag.familie')}
                  </Link>
                )}
                {planbar && (
                  <button type="button" className="btn btn--secondary btn--small" onClick={() => onPlanDanach(e)}>
                    {t('audit.eintrag.planDanach')}
                  </button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
