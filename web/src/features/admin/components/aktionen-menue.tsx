import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MehrIcon } from './icons';

export type Aktion = {
  /** The visible text, e.g. 'Passwort setzen'. */
  text: string;
  /** The accessible name, naming the family, e.g. 'Passwort setzen für Familie Fuchs' (it contains the visible text). */
  name: string;
  icon: ReactNode;
  gefaehrlich?: boolean;
  /** Shown but not chosen (e.g. while the family is being deleted). */
  gesperrt?: boolean;
  ausfuehren: () => void;
};

type AktionenMenueProps = {
  /** The button's accessible name, e.g. 'Aktionen für Familie Fuchs'. */
  name: string;
  aktionen: readonly Aktion[];
  /** Replaces 'Aktionen' while one of them runs ('Wird gelöscht...'); the button is disabled then. */
  laeuft?: string;
};

/** The items of an open menu, in order. */
const eintraege = (menue: HTMLElement | null) => [...(menue?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/**
 * One 'Aktionen' button per row with its menu (issue 24), after the WAI-ARIA menu button pattern:
 * Enter, Space and ArrowDown open it on the first item, ArrowUp on the last; ArrowDown/ArrowUp
 * move (round), Home and End jump; Escape closes it and gives the focus back to the button; Tab,
 * a click elsewhere or leaving it closes it. Choosing an item closes the menu and puts the focus
 * on the button first, so a dialog the item opens returns there when it closes.
 */
export function AktionenMenue({ name, aktionen, laeuft }: AktionenMenueProps) {
  const { t } = useTranslation();
  const id = useId();
  const [offen, setOffen] = useState(false);
  const [start, setStart] = useState<'erstes' | 'letztes'>('erstes');
  const huelle = useRef<HTMLDivElement>(null);
  const knopf = useRef<HTMLButtonElement>(null);
  const menue = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const bereich = huelle.current;
    if (!offen || !bereich) return;
    const liste = eintraege(menue.current);
    (start === 'erstes' ? liste[0] : liste.at(-1))?.focus();
    // A press anywhere outside closes the menu (the focus stays where that press puts it), and so
    // does the focus leaving it (Tab, a screen reader's own navigation).
    const draussen = (event: PointerEvent) => {
      if (!bereich.contains(event.target as Node)) setOffen(false);
    };
    const verlassen = (event: FocusEvent) => {
      if (!bereich.contains(event.relatedTarget as Node | null)) setOffen(false);
    };
    document.addEventListener('pointerdown', draussen);
    bereich.addEventListener('focusout', verlassen);
    return () => {
      document.removeEventListener('pointerdown', draussen);
      bereich.removeEventListener('focusout', verlassen);
    };
  }, [offen, start]);

  const oeffnen = (wo: 'erstes' | 'letztes') => {
    setStart(wo);
    setOffen(true);
  };

  const schliessen = () => {
    setOffen(false);
    knopf.current?.focus();
  };

  const knopfTaste = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      oeffnen(event.key === 'ArrowDown' ? 'erstes' : 'letztes');
    }
  };

  const menueTaste = (event: KeyboardEvent<HTMLDivElement>) => {
    const liste = eintraege(menue.current);
    const jetzt = liste.indexOf(document.activeElement as HTMLElement);
    const gehe = (index: number) => {
      event.preventDefault();
      liste[(index + liste.length) % liste.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return gehe(jetzt + 1);
      case 'ArrowUp':
        return gehe(jetzt - 1);
      case 'Home':
        return gehe(0);
      case 'End':
        return gehe(liste.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return schliessen();
    }
  };

  const waehlen = (aktion: Aktion) => {
    if (aktion.gesperrt) return;
    schliessen();
    aktion.ausfuehren();
  };

  return (
    <div ref={huelle} className="ad-menue">
      <button
        ref={knopf}
        id={`${id}-knopf`}
        type="button"
        className="btn btn--small btn--secondary ad-menue__knopf"
        aria-label={laeuft ? undefined : name}
        aria-haspopup="menu"
        aria-expanded={offen}
        aria-controls={offen ? `${id}-menue` : undefined}
        disabled={laeuft !== undefined}
        onClick={() => (offen ? setOffen(false) : oeffnen('erstes'))}
        onKeyDown={knopfTaste}
      >
        <MehrIcon />
        {laeuft ?? t('admin.aktion.aktionen')}
      </button>
      {offen && (
        <div ref={menue} id={`${id}-menue`} className="ad-menue__liste" role="menu" aria-labelledby={`${id}-knopf`} onKeyDown={menueTaste}>
          {aktionen.map((aktion) => (
            <button
              key={aktion.text}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`ad-menue__eintrag${aktion.gefaehrlich ? ' ad-menue__eintrag--gefaehrlich' : ''}`}
              aria-label={aktion.name}
              aria-disabled={aktion.gesperrt || undefined}
              onClick={() => waehlen(aktion)}
            >
              {aktion.icon}
              {aktion.text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
