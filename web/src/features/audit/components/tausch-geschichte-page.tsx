import { serverMessage } from '@/lib/error-message';
import { useTauschGeschichte } from '../api/get-tausch-geschichte';
import { MELDUNG } from '../utils/texte';
import { istVerweigert } from '../utils/zugriff';
import { GeschichteLayout, GeschichteStatus } from './geschichte-layout';
import { VerlaufListe } from './verlauf-liste';
import { ZugriffVerweigert } from './zugriff-verweigert';

const BADGE = { offen: 'badge--offen', angenommen: 'badge--angenommen', zurueckgezogen: 'vl-badge--zurueckgezogen' } as const;

/** /audit/tausch/:tauschId — one swap's whole story: who offered which week, who took it and gave which week. */
export function TauschGeschichtePage({ tauschId }: { tauschId: string }) {
  const geschichte = useTauschGeschichte(tauschId, { enabled: true });
  if (istVerweigert(geschichte.error)) return <ZugriffVerweigert />;
  const { data } = geschichte;

  return (
    <GeschichteLayout title="Tausch im Verlauf" subtitle={data?.gruppenName ? `Gruppe „${data.gruppenName}“` : undefined}>
      <GeschichteStatus
        laedt={geschichte.isPending}
        fehler={geschichte.isError ? (serverMessage(geschichte.error) ?? MELDUNG.ladeFehler) : null}
      />
      {data && (
        <>
          <section className="card vl-card" aria-labelledby="vl-tausch-titel">
            <div className="vl-card__kopf">
              <h2 id="vl-tausch-titel" className="vl-card__title">
                Tausch {data.angebot.woche.kw}
              </h2>
              <span className={`badge ${BADGE[data.status]}`}>{data.statusText}</span>
            </div>
            <dl className="vl-fakten">
              <div>
                <dt>Angeboten von</dt>
                <dd>
                  Familie {data.angebot.familie ?? '(unbekannt)'}: {data.angebot.woche.kw} (Freitag {data.angebot.freitag})
                </dd>
              </div>
              {data.angebot.nachricht && (
                <div>
                  <dt>Nachricht</dt>
                  <dd>„{data.angebot.nachricht}“</dd>
                </div>
              )}
              <div>
                <dt>Angenommen von</dt>
                <dd>
                  {data.annahme
                    ? `Familie ${data.annahme.familie ?? '(unbekannt)'}, im Tausch gegen ${data.annahme.woche.kw} (Freitag ${data.annahme.freitag})`
                    : data.status === 'zurueckgezogen'
                      ? 'Niemand – das Angebot wurde zurückgezogen.'
                      : 'Noch niemand – das Angebot ist offen.'}
                </dd>
              </div>
            </dl>
          </section>
          <section className="card vl-card" aria-labelledby="vl-tausch-verlauf">
            <h2 id="vl-tausch-verlauf" className="vl-card__title">
              Einträge dieses Tauschs
            </h2>
            <VerlaufListe eintraege={data.eintraege} ohneLinks="tausch" />
          </section>
        </>
      )}
    </GeschichteLayout>
  );
}
