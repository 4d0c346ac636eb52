import { datumKurz as datumKurzVon, zahl } from '@waldkita/domain/i18n/datum';
import { BENACHRICHTIGUNGS_ARTEN, type BenachrichtigungsArt } from '@waldkita/domain/push/benachrichtigungen';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LadePanel } from '@/components/lade-zustand';
import { Toast } from '@/components/toast';
import { useSprache } from '@/hooks/use-sprache';
import { useToast } from '@/hooks/use-toast';
import { serverMessage, withServerMessage } from '@/lib/error-message';
import { type Datenexport, useDatenexport, useDatenHerunterladen } from '../api/datenexport';
import { kwText, rollen, tag, woche, zeit } from '../utils/format';
import '../datenschutz.css';

const TOAST_MS = 5000;

const stundenStatus = (status: string, t: TFunction): string =>
  status === 'ausstehend'
    ? t('datenschutz.stunden.ausstehend')
    : status === 'bestaetigt'
      ? t('datenschutz.stunden.bestaetigt')
      : status === 'abgelehnt'
        ? t('datenschutz.stunden.abgelehnt')
        : status;

/** The kinds of notice by name (the push card's table names them the same). */
const benachrichtigungsName = (art: BenachrichtigungsArt, t: TFunction): string =>
  ({
    dienstErinnerung: t('push.art.dienstErinnerung'),
    angebotAngenommen: t('push.art.angebotAngenommen'),
    neuesAngebot: t('push.art.neuesAngebot'),
    wocheOhneFamilie: t('push.art.wocheOhneFamilie'),
  })[art];

/** One part of the summary: a card with its heading, and a sentence when there is nothing in it. */

function Abschnitt({ titel, leer, children }: { titel: string; leer?: string | false; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="card meine-daten-abschnitt" aria-labelledby={id}>
      <h2 id={id} className="meine-daten-abschnitt__titel">
        {titel}
      </h2>
      {leer ? <p className="meine-daten-abschnitt__leer">{leer}</p> : children}
    </section>
  );
}

/** Label and value pairs. */
function Angaben({ zeilen }: { zeilen: [string, ReactNode][] }) {
  return (
    <dl className="meine-daten-angaben">
      {zeilen.map(([name, wert]) => (
        <div key={name} className="meine-daten-angaben__zeile">
          <dt>{name}</dt>
          <dd>{wert}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The export in sentences and lists of the screen's language, part by part. */
function Zusammenfassung({ daten }: { daten: Datenexport }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const { konto, tausch } = daten;
  const wege = (weg: { push: boolean; mail: boolean }) =>
    weg.push && weg.mail
      ? t('datenschutz.wege.beide')
      : weg.push
        ? t('datenschutz.wege.push')
        : weg.mail
          ? t('datenschutz.wege.mail')
          : t('datenschutz.wege.keine');
  return (
    <>
      <Abschnitt titel={t('datenschutz.konto.titel')}>
        <Angaben
          zeilen={[
            [t('datenschutz.konto.familie'), konto.nachname],
            [t('datenschutz.konto.email'), konto.email],
            [t('datenschutz.konto.rollen'), rollen(konto.rollen, t)],
            [t('datenschutz.konto.angelegt'), tag(konto.registriertAm, sprache)],
            ...(konto.anteil
              ? ([
                  [
                    t('datenschutz.konto.anteil'),
                    t('datenschutz.konto.anteilWert', {
                      anteil: sprache === 'de' ? String(konto.anteil.anteil) : zahl(konto.anteil.anteil, sprache),
                      grund: konto.anteil.grund,
                    }),
                  ],
                ] as [string, ReactNode][])
              : []),
          ]}
        />
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.kind.titel')}>
        <Angaben
          zeilen={[
            [t('datenschutz.kind.kind'), daten.kind.name ?? t('datenschutz.kind.nichtAngegeben')],
            [t('datenschutz.kind.gruppe'), daten.gruppe?.name ?? t('datenschutz.kind.keineGruppe')],
          ]}
        />
      </Abschnitt>

      <Abschnitt
        titel={t('datenschutz.wasserdienste.titel')}
        leer={daten.wasserdienste.length === 0 && t('datenschutz.wasserdienste.keine')}
      >
        <ul className="meine-daten-liste">
          {daten.wasserdienste.map((d) => (
            <li key={d.wasserdienstId}>
              {woche(d, t, sprache)}
              {d.gruppe ? <span className="meine-daten-liste__neben"> · {t('datenschutz.gruppe', { gruppe: d.gruppe })}</span> : null}
            </li>
          ))}
        </ul>
        {daten.wasserdiensteFrueher.length > 0 && (
          <>
            <h3 className="meine-daten-abschnitt__unter">{t('datenschutz.wasserdienste.frueher')}</h3>
            <ul className="meine-daten-liste">
              {daten.wasserdiensteFrueher.map((f) => (
                <li key={`${f.gruppe}-${f.bis.jahr}-${f.bis.kalenderwoche}`}>
                  {t('datenschutz.wasserdienste.bis', { anzahl: f.geleistet, kw: kwText(f.bis.kw, t) })}
                  {f.gruppe ? ` (${t('datenschutz.gruppe', { gruppe: f.gruppe })})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </Abschnitt>

      <Abschnitt
        titel={t('datenschutz.tausch.titel')}
        leer={tausch.angebote.length === 0 && tausch.angenommen.length === 0 && t('datenschutz.tausch.keine')}
      >
        {tausch.angebote.length > 0 && (
          <>
            <h3 className="meine-daten-abschnitt__unter">{t('datenschutz.tausch.angebote')}</h3>
            <ul className="meine-daten-liste">
              {tausch.angebote.map((a) => (
                <li key={a.tauschId}>
                  {a.abgeben
                    ? t('datenschutz.tausch.abgegeben', { woche: woche(a.woche, t, sprache), am: tag(a.angebotenAm, sprache) })
                    : t('datenschutz.tausch.angeboten', { woche: woche(a.woche, t, sprache), am: tag(a.angebotenAm, sprache) })}{' '}
                  · {a.statusText}
                  {a.gegenWoche ? ` (${t('datenschutz.tausch.dafuer', { kw: kwText(a.gegenWoche.kw, t) })})` : ''}
                  {a.nachricht ? (
                    <span className="meine-daten-liste__neben"> · {t('datenschutz.tausch.nachricht', { nachricht: a.nachricht })}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
        {tausch.angenommen.length > 0 && (
          <>
            <h3 className="meine-daten-abschnitt__unter">{t('datenschutz.tausch.uebernommen')}</h3>
            <ul className="meine-daten-liste">
              {tausch.angenommen.map((a) => (
                <li key={a.tauschId}>
                  {woche(a.woche, t, sprache)}
                  {a.gegenWoche
                    ? ` ${t('datenschutz.tausch.gegen', { kw: kwText(a.gegenWoche.kw, t) })}`
                    : ` ${t('datenschutz.tausch.ohne')}`}
                  {a.angenommenAm ? ` ${t('datenschutz.am', { datum: tag(a.angenommenAm, sprache) })}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </Abschnitt>

      <Abschnitt
        titel={t('datenschutz.abwesenheiten.titel')}
        leer={daten.abwesenheiten.length === 0 && t('datenschutz.abwesenheiten.keine')}
      >
        <ul className="meine-daten-liste">
          {daten.abwesenheiten.map((a) => (
            <li key={a.abwesenheitId}>
              {kwText(a.kw, t)}{' '}
              <span className="meine-daten-liste__neben">
                · {t('datenschutz.abwesenheiten.gemeldet', { datum: tag(a.gemeldetAm, sprache) })}
              </span>
            </li>
          ))}
        </ul>
      </Abschnitt>

      <Abschnitt
        titel={t('datenschutz.stunden.titel')}
        leer={(daten.stunden?.eintraege ?? []).length === 0 && t('datenschutz.stunden.keine')}
      >
        <ul className="meine-daten-liste">
          {(daten.stunden?.eintraege ?? []).map((e) => (
            <li key={e.id}>
              {sprache === 'de' ? e.datum.split('-').reverse().join('.') : datumKurzVon(e.datum, sprache)}:{' '}
              {t('datenschutz.stunden.menge', {
                stunden: sprache === 'de' ? String(e.stunden).replace('.', ',') : zahl(e.stunden, sprache),
              })}
              {e.beschreibung ? ` – ${e.beschreibung}` : ''}{' '}
              <span className="meine-daten-liste__neben">
                · {e.quelle === 'korrektur' ? t('stunden.quelle.korrektur') : stundenStatus(e.status, t)}
                {e.grund ? ` (${e.grund})` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.benachrichtigungen.titel')}>
        <h3 className="meine-daten-abschnitt__unter">{t('datenschutz.benachrichtigungen.geraete')}</h3>
        {daten.pushGeraete.length === 0 ? (
          <p className="meine-daten-abschnitt__leer">{t('datenschutz.benachrichtigungen.keinGeraet')}</p>
        ) : (
          <ul className="meine-daten-liste">
            {daten.pushGeraete.map((g) => (
              <li key={g.geraetId}>
                {g.bezeichnung}{' '}
                <span className="meine-daten-liste__neben">
                  · {t('datenschutz.benachrichtigungen.seit', { datum: tag(g.seit, sprache) })}
                </span>
              </li>
            ))}
          </ul>
        )}
        <h3 className="meine-daten-abschnitt__unter">
          {daten.benachrichtigungen.gewaehlt
            ? t('datenschutz.benachrichtigungen.wege')
            : t('datenschutz.benachrichtigungen.wegeVoreinstellung')}
        </h3>
        <ul className="meine-daten-liste">
          {BENACHRICHTIGUNGS_ARTEN.map((art) => (
            <li key={art}>
              {benachrichtigungsName(art, t)}: {wege(daten.benachrichtigungen.wahl[art])}
            </li>
          ))}
        </ul>
        <h3 className="meine-daten-abschnitt__unter">{t('datenschutz.abo.titel')}</h3>
        <p className="meine-daten-abschnitt__text">
          {daten.kalenderAbo.aktiv && daten.kalenderAbo.seit
            ? t('datenschutz.abo.aktiv', { datum: tag(daten.kalenderAbo.seit, sprache) })
            : t('datenschutz.abo.keins')}
        </p>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.verlauf.titel')} leer={daten.verlauf.length === 0 && t('datenschutz.verlauf.keine')}>
        <p className="meine-daten-abschnitt__text">{t('datenschutz.verlauf.text')}</p>
        <ol className="meine-daten-verlauf">
          {daten.verlauf.map((e, i) => (
            // entries have no id of their own in the export; their order is fixed
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
            <li key={i}>
              <span className="meine-daten-verlauf__zeit">
                {e.zeit} · {e.akteur}
              </span>
              <span>{e.text}</span>
            </li>
          ))}
        </ol>
      </Abschnitt>

      <Abschnitt titel={t('datenschutz.mails.titel')} leer={daten.mails.length === 0 && t('datenschutz.mails.keine')}>
        <ul className="meine-daten-liste">
          {daten.mails.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
            <li key={i}>
              {m.bezeichnung} <span className="meine-daten-liste__neben">· {zeit(m.gesendetAm, sprache)}</span>
            </li>
          ))}
        </ul>
      </Abschnitt>
    </>
  );
}

/**
 * /meine-daten: a readable German summary of the family's data export (the same answer the
 * download saves), with the download and the way to the data protection page.
 */
/** `zusatz`: a part of the profile shown below the head card (the language, features/sprache). */
export function MeineDatenAnsicht({ zusatz }: { zusatz?: ReactNode } = {}) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const { data, isPending, isError, error } = useDatenexport();
  const herunterladen = useDatenHerunterladen();
  const { toast, showSuccess, showError, dismiss } = useToast();
  const lade = () =>
    herunterladen.mutate(undefined, {
      onSuccess: () => showSuccess(t('meineDaten.heruntergeladen')),
      onError: (e) => showError(withServerMessage(t('meineDaten.fehler'), e)),
    });

  return (
    <div className="meine-daten-seite">
      <div className="card meine-daten-kopf">
        <p className="meine-daten-kopf__text">
          {data
            ? t('datenschutz.kopf.textStand', { stand: sprache === 'de' ? data.erstellt : zeit(data.erstelltAm, sprache) })
            : t('datenschutz.kopf.text')}{' '}
          {t('datenschutz.kopf.wieLange')} <Link to="/datenschutz">{t('meineDaten.datenschutz')}</Link>.
        </p>
        <button type="button" className="btn btn--primary btn--small" onClick={lade} disabled={herunterladen.isPending}>
          {herunterladen.isPending ? t('meineDaten.wirdVorbereitet') : t('meineDaten.herunterladen')}
        </button>
      </div>
      {zusatz}
      {isPending ? (
        <LadePanel text={t('datenschutz.laden')} />
      ) : isError ? (
        <p className="form-error" role="alert">
          {serverMessage(error) ?? t('datenschutz.ladeFehler')}
        </p>
      ) : (
        <Zusammenfassung daten={data} />
      )}
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </div>
  );
}
