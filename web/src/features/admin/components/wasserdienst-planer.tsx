import { aktuelleWoche, naechsteWoche, wochenImJahr } from '@waldkita/domain/kalender/iso-woche';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuswahlFeld, EingabeFeld, FormFehler } from '@/components/feld';
import { withServerMessage } from '@/lib/error-message';
import { usePlaneWasserdienste } from '../api/planen';
import type { AdminEltern, AdminGruppe, PlanungsErgebnis } from '../api/types';
import { saldoText } from '../utils/anteil';
import { kwJahr, MELDUNG } from '../utils/texte';
import { pruefePlanung } from '../utils/validierung';
import { GruppenOptionen } from './gruppen-optionen';
import type { Melder } from './melder';

type WasserdienstPlanerProps = {
  gruppen: readonly AdminGruppe[];
  eltern: readonly AdminEltern[];
  melder: Melder;
};

/** The next twelve weeks from next week, within one year (the planner plans one year's weeks at a time). */
function vorschlag(jetzt: Date) {
  const start = naechsteWoche(aktuelleWoche(jetzt));
  const ende = Math.min(start.kalenderwoche + 11, wochenImJahr(start.jahr));
  return { jahr: String(start.jahr), startKW: String(start.kalenderwoche), endKW: String(ende) };
}

/**
 * 'Wasserdienste planen': the server's rota planner for a range of weeks, for every group or one.
 * Existing duties stay as they are; holiday and closing weeks stay free. The result shows, per
 * group, the shares and the balances of earlier seasons the plan started from (issue 17).
 */
export function WasserdienstPlaner({ gruppen, eltern, melder }: WasserdienstPlanerProps) {
  const { t } = useTranslation();
  const id = useId();
  const plan = usePlaneWasserdienste();
  const [eingabe, setEingabe] = useState(() => vorschlag(new Date()));
  const [gruppeId, setGruppeId] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const [ergebnis, setErgebnis] = useState<PlanungsErgebnis | null>(null);

  const setze = (feld: keyof typeof eingabe) => (wert: string) => setEingabe((alt) => ({ ...alt, [feld]: wert }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (plan.isPending) return;
    const geprueft = pruefePlanung(eingabe, t);
    if ('fehler' in geprueft) {
      setFehler(geprueft.fehler);
      return;
    }
    setFehler(null);
    plan.mutate(
      { ...geprueft, ...(gruppeId ? { gruppeId } : {}) },
      {
        onSuccess: (antwort) => {
          setErgebnis(antwort);
          melder.erfolg(antwort.message);
        },
        onError: (error) => melder.fehler(withServerMessage(t(MELDUNG.planFehler), error)),
      },
    );
  };

  const invalid = fehler ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};
  const jahrZahl = Number(eingabe.jahr);
  const maxKW = Number.isInteger(jahrZahl) && jahrZahl >= 2024 && jahrZahl <= 2100 ? wochenImJahr(jahrZahl) : 53;

  return (
    <section id="planen" className="card ad-section" aria-labelledby={`${id}-titel`}>
      <div className="ad-section__head">
        <div className="ad-section__titles">
          <h2 id={`${id}-titel`} className="ad-section__title">
            {t('admin.bereich.planung')}
          </h2>
          <p className="text-muted">{t('admin.planung.untertitel')}</p>
        </div>
      </div>
      <form className="ad-form" onSubmit={submit} noValidate>
        <div className="ad-form__row ad-form__row--planer">
          <EingabeFeld
            label={t('admin.planung.jahr')}
            id={`${id}-jahr`}
            type="number"
            inputMode="numeric"
            min={2024}
            max={2100}
            value={eingabe.jahr}
            onChange={(event) => setze('jahr')(event.target.value)}
            disabled={plan.isPending}
            {...invalid}
          />
          <EingabeFeld
            label={t('admin.planung.startKw')}
            id={`${id}-start`}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxKW}
            value={eingabe.startKW}
            onChange={(event) => setze('startKW')(event.target.value)}
            disabled={plan.isPending}
            {...invalid}
          />
          <EingabeFeld
            label={t('admin.planung.endKw')}
            id={`${id}-ende`}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxKW}
            value={eingabe.endKW}
            onChange={(event) => setze('endKW')(event.target.value)}
            disabled={plan.isPending}
            {...invalid}
          />
          <AuswahlFeld
            label={t('admin.neu.gruppe')}
            id={`${id}-gruppe`}
            value={gruppeId}
            onChange={(event) => setGruppeId(event.target.value)}
            disabled={plan.isPending}
          >
            <GruppenOptionen gruppen={gruppen} alle={t('admin.planung.alleGruppen')} />
          </AuswahlFeld>
        </div>
        <p className="ad-hint">{t('admin.planung.wochenImJahr', { jahr: eingabe.jahr || '…', anzahl: maxKW })}</p>
        <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
        <div>
          <button type="submit" className="btn btn--primary" disabled={plan.isPending}>
            {plan.isPending ? t('admin.planung.wirdGeplant') : t('admin.bereich.planung')}
          </button>
        </div>
      </form>
      {ergebnis && <PlanungsErgebnisPanel ergebnis={ergebnis} eltern={eltern} />}
    </section>
  );
}

function PlanungsErgebnisPanel({ ergebnis, eltern }: { ergebnis: PlanungsErgebnis; eltern: readonly AdminEltern[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const namen = useMemo(() => new Map(eltern.map((e) => [e.id, e.nachname])), [eltern]);
  const offen = ergebnis.gruppen.flatMap((g) => g.nichtBesetzt.map((n) => ({ gruppe: g.gruppenName, ...n })));
  const trotz = ergebnis.gruppen.flatMap((g) => g.trotzAbwesenheit.map((x) => ({ gruppe: g.gruppenName, ...x })));

  return (
    <section className={`ad-result${offen.length > 0 ? ' ad-result--warn' : ''}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-result__title">
        {t('admin.planung.ergebnis')}
      </h3>
      <p className="ad-result__message">{ergebnis.message}</p>
      {ergebnis.gruppen.length > 0 && (
        <ul className="ad-result__gruppen">
          {ergebnis.gruppen.map((g) => (
            <li key={g.gruppeId}>
              <strong>{g.gruppenName}:</strong> {t('admin.planung.zugewiesen', { anzahl: g.zugewiesen })}
            </li>
          ))}
        </ul>
      )}
      {offen.length > 0 && (
        <>
          <p className="ad-result__subtitle">{t('admin.planung.nichtBesetzt')}</p>
          <ul className="ad-result__errors">
            {offen.map((n) => (
              <li key={`${n.gruppe}-${n.woche.jahr}-${n.woche.kalenderwoche}`}>
                {n.gruppe}: {kwJahr(n.woche, t)} – {n.grund}
              </li>
            ))}
          </ul>
        </>
      )}
      {trotz.length > 0 && (
        <>
          <p className="ad-result__subtitle">{t('admin.planung.trotzAbwesenheit')}</p>
          <ul className="ad-result__errors">
            {trotz.map((x) => (
              <li key={`${x.gruppe}-${x.jahr}-${x.kalenderwoche}`}>
                {x.gruppe}: {kwJahr(x, t)} –{' '}
                {t('admin.eltern.familie', { nachname: namen.get(x.elternId) ?? t('admin.planung.unbekannt') })}
              </li>
            ))}
          </ul>
        </>
      )}
      <SaldoTabellen gruppen={ergebnis.gruppen} namen={namen} />
    </section>
  );
}

/**
 * The balances the planner started from, per group: each family's share and its balance from
 * earlier seasons ('+1' = one duty more than its share, '−0,67' fewer, '0' even), as the server
 * answered them (`saldo` of bulk-assign).
 */
function SaldoTabellen({ gruppen, namen }: { gruppen: PlanungsErgebnis['gruppen']; namen: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const mitSaldo = gruppen.filter((g) => (g.saldo?.length ?? 0) > 0);
  if (mitSaldo.length === 0) return null;
  const name = (elternId: string) => namen.get(elternId) ?? t('admin.planung.unbekannt');
  return (
    <div className="ad-saldo">
      <p className="ad-result__subtitle">{t('admin.planung.ausgleich')}</p>
      <p className="ad-hint">{t('admin.planung.saldoHinweis')}</p>
      {mitSaldo.map((g) => (
        <table key={g.gruppeId} className="data-table">
          <caption>{g.gruppenName}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.planung.familie')}</th>
              <th scope="col" className="ad-saldo__zahl">
                {t('admin.planung.anteil')}
              </th>
              <th scope="col" className="ad-saldo__zahl">
                {t('admin.planung.saldo')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...(g.saldo ?? [])]
              .sort((a, b) => name(a.elternId).localeCompare(name(b.elternId), 'de'))
              .map((s) => (
                <tr key={s.elternId}>
                  <th scope="row">{name(s.elternId)}</th>
                  <td className="ad-saldo__zahl">{s.anteil === 0 ? t('admin.planung.befreit') : s.anteil}</td>
                  <td className="ad-saldo__zahl">{saldoText(s.saldo)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
