/** Texts of the audit screens ('Verlauf'). */

/** Toasts on the audit screens last 5 s, like the Admin Center's. */
export const TOAST_MS = 5000;

/** Non-auditors are sent back to the dashboard after 2 s, as on the Admin Center. */
export const REDIRECT_MS = 2000;

export const MELDUNG = {
  zugriffVerweigert: 'Zugriff verweigert',
  keineBerechtigung: 'Den Verlauf dürfen nur Prüfer und die Leitung einsehen.',
  pruefErforderlich: 'Zugriff verweigert. Prüfer- oder Admin-Berechtigung erforderlich.',
  laden: 'Lade Verlauf...',
  ladeFehler: 'Fehler beim Laden des Verlaufs',
  ladeFehlerPlan: 'Fehler beim Laden des Dienstplans',
  ladeFehlerGruppen: 'Fehler beim Laden der Gruppen',
  exportFehler: 'Fehler beim Export',
  exportiert: (datei: string) => `Export „${datei}“ wurde heruntergeladen.`,
  keineEintraege: 'Keine Einträge für diese Auswahl.',
  gruppeWaehlen: 'Bitte wählen Sie eine Gruppe aus.',
  zeitpunktWaehlen: 'Bitte wählen Sie einen Zeitpunkt aus.',
  keinPlan: 'Zu diesem Zeitpunkt war in dieser Gruppe kein Wasserdienst eingetragen.',
};

export const anzahlEintraege = (n: number) => (n === 1 ? '1 Eintrag' : `${n.toLocaleString('de-DE')} Einträge`);
