import { datumKurz } from '@waldkita/domain/i18n/datum';
import { useTranslation } from 'react-i18next';
import { ZugriffVerweigert } from '@/components/zugriff-verweigert';
import { useSprache } from '@/hooks/use-sprache';
import { serverMessage } from '@/lib/error-message';
import { useImportGeschichte } from '../api/get-import-geschichte';
import { anzahlEintraege, meldungen, ZUGRIFF_VERWEIGERT, zeitIn } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { GeschichteLayout, GeschichteStatus } from './geschichte-layout';
import { VerlaufListe } from './verlauf-liste';

const namen = (liste: string[]) => (liste.length === 0 ? '–' : [...liste].sort((a, b) => a.localeCompare(b, 'de')).join(', '));

/** /audit/import/:importId — one yearly import: who, when, which file, the counts and what it replaced. */
export function ImportGeschichtePage({ importId }: { importId: string }) {
  const { t } = useTranslation();
  const MELDUNG = meldungen(t);
  const sprache = useSprache();
  const geschichte = useImportGeschichte(importId, { enabled: true });
  if (istVerweigert(geschichte.error)) return <ZugriffVerweigert texte={ZUGRIFF_VERWEIGERT} />;
  const { data } = geschichte;

  return (
    <GeschichteLayout
      title={t('audit.import.titel')}
      subtitle={data?.dateiname ? t('audit.import.datei', { datei: data.dateiname }) : undefined}
    >
      <GeschichteStatus
        laedt={geschichte.isPending}
        fehler={geschichte.isError ? (serverMessage(geschichte.error) ?? MELDUNG.ladeFehler) : null}
      />
      {data && (
        <>
          <section className="card vl-card" aria-labelledby="vl-import-titel">
            <h2 id="vl-import-titel" className="vl-card__title">
              {t('audit.import.jahresimport', { zeit: zeitIn(data.zeit, data.occurredAt, sprache) })}
            </h2>
            {!data.abgeschlossen && <p className="form-error">{t('audit.import.nichtAbgeschlossen')}</p>}
            <dl className="vl-fakten">
              <div>
                <dt>{t('audit.import.durchgefuehrtVon')}</dt>
                <dd>{data.akteur}</dd>
              </div>
              <div>
                <dt>{t('audit.import.dateiLabel')}</dt>
                <dd>{data.dateiname ?? '–'}</dd>
              </div>
              <div>
                <dt>{t('audit.import.frist')}</dt>
                <dd>{sprache !== 'de' && data.frist ? datumKurz(data.frist, sprache) : (data.fristText ?? '–')}</dd>
              </div>
              <div>
                <dt>{t('audit.import.uebernommen')}</dt>
                <dd>
                  {t('audit.import.zahlen', {
                    gesamt: data.zahlen.successCount ?? '–',
                    neu: data.zahlen.neueFamilien ?? 0,
                    bekannt: data.zahlen.bekannteFamilien ?? 0,
                  })}
                </dd>
              </div>
              <div>
                <dt>{t('audit.import.neuAngelegt')}</dt>
                <dd>{namen(data.neueFamilien)}</dd>
              </div>
            </dl>
          </section>
          <section className="card vl-card" aria-labelledby="vl-import-ersetzt">
            <h2 id="vl-import-ersetzt" className="vl-card__title">
              {t('audit.import.ersetzt')}
            </h2>
            <dl className="vl-fakten">
              <div>
                <dt>{t('audit.import.entfernteFamilien', { anzahl: data.ersetzt.entfernteFamilien.length })}</dt>
                <dd>{namen(data.ersetzt.entfernteFamilien)}</dd>
              </div>
              <div>
                <dt>{t('audit.import.abwesenheiten')}</dt>
                <dd>{namen(data.ersetzt.abwesenheitenVon)}</dd>
              </div>
            </dl>
            {data.ersetzt.plaene.length > 0 && (
              <div className="data-table__scroll">
                <table className="data-table">
                  <caption id="vl-import-plaene" className="vl-plan__caption">
                    {t('audit.import.plaene')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('audit.filter.gruppe')}</th>
                      <th scope="col">{t('audit.import.diensteVorher')}</th>
                      <th scope="col">{t('audit.import.tauscheVorher')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.ersetzt.plaene.map((p) => (
                      <tr key={p.gruppeId}>
                        <td>{p.gruppenName ?? t('audit.unbekannt')}</td>
                        <td>{p.dienste}</td>
                        <td>{p.offeneTausche}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section className="card vl-card" aria-labelledby="vl-import-verlauf">
            <div className="vl-card__kopf">
              <h2 id="vl-import-verlauf" className="vl-card__title">
                {t('audit.import.eintraege')}
              </h2>
              <p className="text-muted">{anzahlEintraege(data.eintraege.length, t)}</p>
            </div>
            <VerlaufListe eintraege={data.eintraege} ohneLinks="import" />
          </section>
        </>
      )}
    </GeschichteLayout>
  );
}
