import { datumKurz, wochentagKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { heuteInBerlin, istDatum, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { AuswahlFeld, EingabeFeld, FormFehler } from '@/components/feld';
import { useSprache } from '@/hooks/use-sprache';
import { type Dienstart, terminVon } from '@/lib/dienste-api';
import type { AdminEltern, AdminGruppe, DienstartPlanungsErgebnis } from '../api/types';
import { GruppenOptionen } from './gruppen-optionen';

type DienstartPlanenDialogProps = {
  /** The kind to plan; null: closed. */
  art: Dienstart | null;
  gruppen: readonly AdminGruppe[];
  eltern: readonly AdminEltern[];
  pending: boolean;
  /** The answer of the last planning of this kind, shown below the form. */
  ergebnis: DienstartPlanungsErgebnis | null;
  onClose: () => void;
  onSubmit: (auftrag: { von: string; bis: string; gruppeId?: string }) => void;
  toast?: ReactNode;
};

/** A date as families read it: German as before ('Sa 05.12.–So 06.12.2026'), the others in their own form. */
const terminIn = (termin: { von: string; bis: string }, sprache: Sprache) => {
  if (sprache === 'de') return terminVon(termin);
  const tag = (datum: string) => `${wochentagKurz(datum, sprache)} ${datumKurz(datum, sprache)}`;
  return termin.von === termin.bis ? tag(termin.von) : `${tag(termin.von)}–${tag(termin.bis)}`;
};

/**
 * 'Planen' of a kind (POST /api/admin/dienstarten/{id}/planen): a range of dates, optionally one
 * group (a kind of the whole Kita has none), and the answer: how many dates were given to families,
 * which stayed without one.
 */
export function DienstartPlanenDialog({ art, ...props }: DienstartPlanenDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={art !== null} onClose={props.onClose} title={art ? t('admin.dienstarten.planenLabel', { name: art.name }) : ''}>
      {art && <PlanenFormular key={art.id} art={art} {...props} />}
    </Dialog>
  );
}

function PlanenFormular({
  art,
  gruppen,
  eltern,
  pending,
  ergebnis,
  onClose,
  onSubmit,
  toast,
}: DienstartPlanenDialogProps & { art: Dienstart }) {
  const { t } = useTranslation();
  const sprache = useSprache();
  const id = useId();
  const heute = heuteInBerlin(new Date());
  const [von, setVon] = useState(heute);
  const [bis, setBis] = useState(() => plusTage(heute, 90));
  const [gruppeId, setGruppeId] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!istDatum(von) || !istDatum(bis) || bis < von) {
      setFehler(t('admin.dienstarten.planen.vonBisFehlt'));
      return;
    }
    setFehler(null);
    onSubmit({ von, bis, ...(art.bereich === 'gruppe' && gruppeId ? { gruppeId } : {}) });
  };

  const invalid = fehler ? { 'aria-invalid': true as const, 'aria-errormessage': `${id}-fehler` } : {};
  const gruppenName = (gid: string | null) =>
    gid === null
      ? t('admin.dienstarten.planen.ganzeKita')
      : (gruppen.find((g) => (g.gruppenID ?? g.id) === gid)?.gruppenName ?? t('admin.dienstarten.planen.gruppe'));
  const namen = new Map(eltern.map((e) => [e.id, e.nachname]));

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text">
          {art.pausiertBeiSchliessung ? t('admin.dienstarten.planen.textPausiert') : t('admin.dienstarten.planen.text')}
        </p>
        <div className="ad-form__row ad-form__row--planen">
          <EingabeFeld
            label={t('admin.dienstarten.planen.von')}
            id={`${id}-von`}
            type="date"
            value={von}
            onChange={(e) => setVon(e.target.value)}
            disabled={pending}
            {...invalid}
          />
          <EingabeFeld
            label={t('admin.dienstarten.planen.bis')}
            id={`${id}-bis`}
            type="date"
            value={bis}
            onChange={(e) => setBis(e.target.value)}
            disabled={pending}
            {...invalid}
          />
          {art.bereich === 'gruppe' && (
            <AuswahlFeld
              label={t('admin.dienstarten.planen.gruppe')}
              id={`${id}-gruppe`}
              value={gruppeId}
              onChange={(e) => setGruppeId(e.target.value)}
              disabled={pending}
            >
              <GruppenOptionen gruppen={gruppen} alle={t('admin.dienstarten.planen.alleGruppen')} />
            </AuswahlFeld>
          )}
        </div>
        <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
        <DialogAktionen
          onAbbrechen={onClose}
          gesperrt={pending}
          abbrechenGesperrt={pending}
          abbrechenText={t('admin.dienstarten.planen.schliessen')}
        >
          {pending ? t('admin.dienstarten.planen.laeuft') : t('admin.dienstarten.planen')}
        </DialogAktionen>
      </form>
      {ergebnis && ergebnis.dienstartId === art.id && (
        <section
          className={`ad-result${ergebnis.plaene.some((p) => p.nichtBesetzt.length > 0) ? ' ad-result--warn' : ''}`}
          aria-labelledby={`${id}-ergebnis`}
        >
          <h3 id={`${id}-ergebnis`} className="ad-result__title">
            {t('admin.dienstarten.planen.ergebnis')}
          </h3>
          <p className="ad-result__message">{ergebnis.message}</p>
          <ul className="ad-result__gruppen">
            {ergebnis.plaene.map((plan) => (
              <li key={plan.gruppeId ?? 'kita'}>
                <strong>{gruppenName(plan.gruppeId)}:</strong> {t('admin.dienstarten.planen.zugewiesen', { anzahl: plan.zugewiesen })}
                {plan.nichtBesetzt.length > 0 &&
                  t('admin.dienstarten.planen.nichtBesetzt', { termine: plan.nichtBesetzt.map((x) => terminIn(x, sprache)).join('; ') })}
                {plan.trotzAbwesenheit.length > 0 &&
                  t('admin.dienstarten.planen.trotzAbwesenheit', {
                    termine: plan.trotzAbwesenheit
                      .map((x) =>
                        t('admin.dienstarten.planen.terminFamilie', {
                          termin: terminIn(x, sprache),
                          familie: namen.get(x.elternId) ?? t('admin.dienstarten.planen.unbekannt'),
                        }),
                      )
                      .join('; '),
                  })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {toast}
    </>
  );
}
