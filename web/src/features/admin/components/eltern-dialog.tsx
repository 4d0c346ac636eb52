import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import type { AdminEltern } from '../api/types';

/** The props of a dialog about one family of the parents' list ('Passwort setzen', 'Rolle ändern'). */
export type ElternDialogProps<W> = {
  /** The family the dialog is about; the dialog is open while there is one. */
  eltern: AdminEltern | null;
  onClose: () => void;
  pending: boolean;
  onSubmit: (wert: W) => void;
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast?: ReactNode;
};

export type ElternFormularProps<W> = Omit<ElternDialogProps<W>, 'eltern'> & { eltern: AdminEltern };

/** A dialog about one family; its form is mounted afresh with every opening, so it starts from the family's values. */
export function ElternDialog<W>({
  titel,
  eltern,
  Formular,
  ...props
}: ElternDialogProps<W> & { titel: string; Formular: (props: ElternFormularProps<W>) => ReactNode }) {
  return (
    <Dialog open={eltern !== null} onClose={props.onClose} title={titel}>
      {eltern && <Formular key={eltern.id} eltern={eltern} {...props} />}
    </Dialog>
  );
}

/** Whom a dialog is about: the family's name and, in brackets, its e-mail address. */
export function ElternFuer({ eltern }: { eltern: AdminEltern }) {
  const { t } = useTranslation();
  return (
    <p className="dialog__text ad-passwort__fuer">
      {t('admin.eltern.familie', { nachname: eltern.nachname || '—' })}{' '}
      <span className="ad-passwort__email">
        (<bdi dir="ltr">{eltern.email}</bdi>)
      </span>
    </p>
  );
}
