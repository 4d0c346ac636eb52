import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { AuswahlFeld, EingabeFeld, FormFehler } from '@/components/feld';
import type { AdminGruppe, NeuerElternteil } from '../api/types';
import { pruefeNeuenElternteil } from '../utils/validierung';

type NeuerElternteilDialogProps = {
  open: boolean;
  onClose: () => void;
  gruppen: readonly AdminGruppe[];
  gruppenFehler: boolean;
  pending: boolean;
  onSubmit: (input: NeuerElternteil) => void;
  toast?: ReactNode;
};

/** '+ Neuer Elternteil' (docs/produkt.md §2, §5 New family): surname, e-mail and group, all required. */
export function NeuerElternteilDialog({ open, ...props }: NeuerElternteilDialogProps) {
  const { t } = useTranslation();
  // Mounted afresh with every opening: the form starts empty.
  return (
    <Dialog open={open} onClose={props.onClose} title={t('admin.neu.titel')}>
      {open && <ElternteilFormular {...props} />}
    </Dialog>
  );
}

function ElternteilFormular({ onClose, gruppen, gruppenFehler, pending, onSubmit, toast }: Omit<NeuerElternteilDialogProps, 'open'>) {
  const { t } = useTranslation();
  const id = useId();
  const [nachname, setNachname] = useState('');
  const [email, setEmail] = useState('');
  const [gruppe, setGruppe] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);

  // A correction takes the old message away; the next submit checks again.
  const aendern = (setzen: (wert: string) => void, wert: string) => {
    setzen(wert);
    setFehler(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const input = { nachname: nachname.trim(), email: email.trim(), gruppe };
    const meldung = pruefeNeuenElternteil(input, t);
    setFehler(meldung);
    if (!meldung) onSubmit(input);
  };

  const fehlerProps = fehler ? { 'aria-invalid': true, 'aria-errormessage': `${id}-fehler` } : {};

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate>
        <EingabeFeld
          label={t('admin.neu.nachname')}
          id={`${id}-nachname`}
          type="text"
          autoComplete="off"
          value={nachname}
          onChange={(event) => aendern(setNachname, event.target.value)}
          disabled={pending}
          required
          {...(fehler && !nachname.trim() ? fehlerProps : {})}
        />
        <EingabeFeld
          label={t('admin.neu.email')}
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          inputMode="email"
          value={email}
          onChange={(event) => aendern(setEmail, event.target.value)}
          disabled={pending}
          required
          {...(fehler && (!email.trim() || fehler === t('admin.pruefung.email')) ? fehlerProps : {})}
        />
        <AuswahlFeld
          label={t('admin.neu.gruppe')}
          hinweis={
            gruppen.length === 0 && (
              <p id={`${id}-gruppen-hinweis`} className="dialog__muted">
                {gruppenFehler ? t('admin.neu.gruppenFehler') : t('admin.neu.keineGruppen')}
              </p>
            )
          }
          id={`${id}-gruppe`}
          value={gruppe}
          onChange={(event) => aendern(setGruppe, event.target.value)}
          disabled={pending || gruppen.length === 0}
          required
          aria-describedby={gruppen.length === 0 ? `${id}-gruppen-hinweis` : undefined}
          {...(fehler && !gruppe ? fehlerProps : {})}
        >
          <option value="">{t('admin.bitteWaehlen')}</option>
          {gruppen.map((g) => (
            <option key={g.id ?? g.gruppenID} value={g.gruppenName}>
              {g.gruppenName}
            </option>
          ))}
        </AuswahlFeld>
        <p className="dialog__muted">{t('admin.neu.willkommen')}</p>
        <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending}>
          {pending ? t('admin.wirdAngelegt') : t('admin.neu.anlegen')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
