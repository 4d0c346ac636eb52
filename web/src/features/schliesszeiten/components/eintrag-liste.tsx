import { useId } from 'react';
import { useSzTexte } from '../hooks/use-sz-texte';
import type { Art } from '../utils/arten';
import type { Jahresgruppe } from '../utils/nach-jahr';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';

/** One closing week, closing day or event as the lists show it. */
export type ListenEintrag<T> = {
  eintrag: T;
  id: string;
  /** 'KW 3' or 'Mo, 18.01.2027' */
  titel: string;
  /** '18.01.2027 – 24.01.2027' for a week. */
  unter?: string;
  beschreibung: string;
  /** Names the entry in the buttons' accessible names: 'KW 3/2027', '18.01.2027'. */
  name: string;
};

type EintragListeProps<T> = {
  art: Art;
  gruppen: readonly Jahresgruppe<ListenEintrag<T>>[];
  /** Admins see add, edit and delete buttons (docs/produkt.md §6). */
  admin: boolean;
  /** The list could not be loaded. */
  ladeFehler: boolean;
  onErneut: () => void;
  onNeu: () => void;
  onBearbeiten: (eintrag: T) => void;
  onLoeschen: (eintrag: T) => void;
};

/** One tab's content: the entries of a kind by year, newest year first, with a count per year. */
export function EintragListe<T>({ art, gruppen, admin, ladeFehler, onErneut, onNeu, onBearbeiten, onLoeschen }: EintragListeProps<T>) {
  const sz = useSzTexte();
  const texte = sz.art[art];
  return (
    <div className="sz-liste">
      {admin && (
        <div className="sz-liste__aktionen">
          <button type="button" className="btn btn--primary btn--small" onClick={onNeu}>
            <PlusIcon />
            {texte.neu}
          </button>
        </div>
      )}
      {ladeFehler ? (
        <div className="sz-leer">
          <p>{sz.t('schliesszeiten.listeFehler', { art: texte.plural })}</p>
          <button type="button" className="btn btn--secondary btn--small" onClick={onErneut}>
            {sz.t('dienste.seite.erneut')}
          </button>
        </div>
      ) : gruppen.length === 0 ? (
        <p className="sz-leer">{texte.leer}</p>
      ) : (
        gruppen.map((gruppe) => (
          <JahrGruppe key={gruppe.jahr} art={art} gruppe={gruppe} admin={admin} onBearbeiten={onBearbeiten} onLoeschen={onLoeschen} />
        ))
      )}
    </div>
  );
}

type JahrGruppeProps<T> = {
  art: Art;
  gruppe: Jahresgruppe<ListenEintrag<T>>;
  admin: boolean;
  onBearbeiten: (eintrag: T) => void;
  onLoeschen: (eintrag: T) => void;
};

function JahrGruppe<T>({ art, gruppe, admin, onBearbeiten, onLoeschen }: JahrGruppeProps<T>) {
  const titelId = useId();
  const sz = useSzTexte();
  const { t } = sz;
  const { singular } = sz.art[art];
  return (
    <section className="sz-jahr" aria-labelledby={titelId}>
      <h3 id={titelId} className="sz-jahr__titel">
        {t('schliesszeiten.jahr', { jahr: String(gruppe.jahr) })}{' '}
        <span className="sz-jahr__anzahl">({sz.anzahl(art, gruppe.eintraege.length)})</span>
      </h3>
      <ul className="sz-eintraege">
        {gruppe.eintraege.map((eintrag) => (
          <li key={eintrag.id} className={`sz-eintrag sz-eintrag--${art}`}>
            <div className="sz-eintrag__kopf">
              <p className="sz-eintrag__titel">{eintrag.titel}</p>
              {eintrag.unter && <p className="sz-eintrag__unter">{eintrag.unter}</p>}
            </div>
            <p className="sz-eintrag__text">{eintrag.beschreibung}</p>
            {admin && (
              <div className="sz-eintrag__aktionen">
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  aria-label={t('schliesszeiten.bearbeitenLabel', { art: singular, name: eintrag.name })}
                  onClick={() => onBearbeiten(eintrag.eintrag)}
                >
                  <PencilIcon />
                  {t('schliesszeiten.bearbeiten')}
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  aria-label={t('schliesszeiten.loeschenLabel', { art: singular, name: eintrag.name })}
                  onClick={() => onLoeschen(eintrag.eintrag)}
                >
                  <TrashIcon />
                  {t('schliesszeiten.loeschen')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
