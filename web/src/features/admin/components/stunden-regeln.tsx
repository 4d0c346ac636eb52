import { runde2, stundenDeutsch } from '@waldkita/domain/stunden/rechnen';
import { regelnSchema } from '@waldkita/domain/stunden/stundenjahr';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuswahlFeld, EingabeFeld, FormFehler } from '@/components/feld';
import { withServerMessage } from '@/lib/error-message';
import { useSetzeStundenRegeln } from '../api/stunden';
import { MONATE } from '../utils/dienstart';
import type { Melder } from './melder';
import { alsZahl, useStundenFormat } from './stunden-format';

/** 'Regeln' of the 'Stunden' section: hours per family and per child, the hourly rate, and the month the Kita year begins. */
export function RegelnFormular({
  jahr,
  regeln,
  gesperrt,
  melder,
}: {
  jahr: number;
  regeln: { sollProFamilie: number; sollProKind: number | null; stundensatz: number; jahresbeginnMonat: number };
  gesperrt: boolean;
  melder: Melder;
}) {
  const { t } = useTranslation();
  const { sprache, monat: monatName } = useStundenFormat();
  // A field's number as typed: German with its comma as before, the others with a point.
  const alsEingabe = (n: number) => (sprache === 'de' ? stundenDeutsch(n) : String(runde2(n)));
  const id = useId();
  const setzen = useSetzeStundenRegeln();
  const [soll, setSoll] = useState(alsEingabe(regeln.sollProFamilie));
  const [proKind, setProKind] = useState(regeln.sollProKind === null ? '' : alsEingabe(regeln.sollProKind));
  const [satz, setSatz] = useState(alsEingabe(regeln.stundensatz));
  const [monat, setMonat] = useState(String(regeln.jahresbeginnMonat));
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setzen.isPending) return;
    const geprueft = regelnSchema.safeParse({
      sollProFamilie: alsZahl(soll),
      sollProKind: proKind.trim() === '' ? null : alsZahl(proKind),
      stundensatz: alsZahl(satz),
      jahresbeginnMonat: Number(monat),
      jahr,
    });
    if (!geprueft.success) {
      setFehler(geprueft.error.issues[0]?.message ?? t('admin.stunden.regeln.pruefen'));
      return;
    }
    setFehler(null);
    const { sollProKind, ...rest } = geprueft.data;
    setzen.mutate(
      { ...rest, sollProKind: sollProKind ?? null, jahr },
      {
        onSuccess: (a) => melder.erfolg(a.message),
        onError: (error) => melder.fehler(withServerMessage(t('admin.stunden.fehler.speichern'), error)),
      },
    );
  };

  return (
    <form className="ad-subcard st-regeln" onSubmit={submit} noValidate aria-labelledby={`${id}-titel`}>
      <h3 id={`${id}-titel`} className="ad-subcard__title">
        {t('admin.stunden.regeln.titel')}
      </h3>
      <div className="st-regeln__felder">
        <EingabeFeld
          label={t('admin.stunden.regeln.soll')}
          id={`${id}-soll`}
          inputMode="decimal"
          value={soll}
          onChange={(e) => setSoll(e.target.value)}
          disabled={gesperrt}
        />
        <EingabeFeld
          label={t('admin.stunden.regeln.proKind')}
          id={`${id}-kind`}
          inputMode="decimal"
          value={proKind}
          onChange={(e) => setProKind(e.target.value)}
          disabled={gesperrt}
        />
        <EingabeFeld
          label={t('admin.stunden.regeln.satz')}
          id={`${id}-satz`}
          inputMode="decimal"
          value={satz}
          onChange={(e) => setSatz(e.target.value)}
          disabled={gesperrt}
        />
        <AuswahlFeld
          label={t('admin.stunden.regeln.beginn')}
          id={`${id}-monat`}
          value={monat}
          onChange={(e) => setMonat(e.target.value)}
          disabled={gesperrt}
        >
          {MONATE.map((name, i) => (
            <option key={name} value={i + 1}>
              {monatName(i + 1)}
            </option>
          ))}
        </AuswahlFeld>
      </div>
      <FormFehler>{fehler}</FormFehler>
      <p className="ad-hint">{t('admin.stunden.regeln.hinweis')}</p>
      <button type="submit" className="btn btn--primary" disabled={gesperrt || setzen.isPending}>
        {setzen.isPending ? t('admin.stunden.wirdGespeichert') : t('admin.stunden.regeln.speichern')}
      </button>
    </form>
  );
}
