import { serverMessage } from '@/lib/error-message';
import { useImportGeschichte } from '../api/get-import-geschichte';
import { anzahlEintraege, MELDUNG } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { GeschichteLayout, GeschichteStatus } from './geschichte-layout';
import { VerlaufListe } from './verlauf-liste';
import { ZugriffVerweigert } from './zugriff-verweigert';

const namen = (liste: string[]) => (liste.length === 0 ? '–' : [...liste].sort((a, b) => a.localeCompare(b, 'de')).join(', '));

/** /audit/import/:importId — one yearly import: who, when, which file, the counts and what it replaced. */
export function ImportGeschichtePage({ importId }: { importId: string }) {
  const geschichte = useImportGeschichte(importId, { enabled: true });
  if (istVerweigert(geschichte.error)) return <ZugriffVerweigert />;
  const { data } = geschichte;

  return (
    <GeschichteLayout title="Import im Verlauf" subtitle={data?.dateiname ? `Datei „${data.dateiname}“` : undefined}>
      <GeschichteStatus
        laedt={geschichte.isPending}
        fehler={geschichte.isError ? (serverMessage(geschichte.error) ?? MELDUNG.ladeFehler) : null}
      />
      {data && (
        <>
          <section className="card vl-card" aria-labelledby="vl-import-titel">
            <h2 id="vl-import-titel" className="vl-card__title">
              Jahresimport vom {data.zeit}
            </h2>
            {!data.abgeschlossen && <p className="form-error">Dieser Import wurde nicht abgeschlossen.</p>}
            <dl className="vl-fakten">
              <div>
                <dt>Durchgeführt von</dt>
                <dd>{data.akteur}</dd>
              </div>
              <div>
                <dt>Datei</dt>
                <dd>{data.dateiname ?? '–'}</dd>
              </div>
              <div>
                <dt>Frist für Abwesenheiten</dt>
                <dd>{data.fristText ?? '–'}</dd>
              </div>
              <div>
                <dt>Familien übernommen</dt>
                <dd>
                  {data.zahlen.successCount ?? '–'} ({data.zahlen.neueFamilien ?? 0} neu, {data.zahlen.bekannteFamilien ?? 0} bekannt)
                </dd>
              </div>
              <div>
                <dt>Neu angelegt</dt>
                <dd>{namen(data.neueFamilien)}</dd>
              </div>
            </dl>
          </section>
          <section className="card vl-card" aria-labelledby="vl-import-ersetzt">
            <h2 id="vl-import-ersetzt" className="vl-card__title">
              Was der Import ersetzt hat
            </h2>
            <dl className="vl-fakten">
              <div>
                <dt>Entfernte Familien ({data.ersetzt.entfernteFamilien.length})</dt>
                <dd>{namen(data.ersetzt.entfernteFamilien)}</dd>
              </div>
              <div>
                <dt>Zurückgesetzte Abwesenheiten</dt>
                <dd>{namen(data.ersetzt.abwesenheitenVon)}</dd>
              </div>
            </dl>
            {data.ersetzt.plaene.length > 0 && (
              <div className="data-table__scroll">
                <table className="data-table">
                  <caption id="vl-import-plaene" className="vl-plan__caption">
                    Zurückgesetzte Wasserdienstpläne
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Gruppe</th>
                      <th scope="col">Dienste vorher</th>
                      <th scope="col">Offene Tausch-Angebote vorher</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.ersetzt.plaene.map((p) => (
                      <tr key={p.gruppeId}>
                        <td>{p.gruppenName ?? '(unbekannt)'}</td>
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
                Einträge dieses Imports
              </h2>
              <p className="text-muted">{anzahlEintraege(data.eintraege.length)}</p>
            </div>
            <VerlaufListe eintraege={data.eintraege} ohneLinks="import" />
          </section>
        </>
      )}
    </GeschichteLayout>
  );
}
