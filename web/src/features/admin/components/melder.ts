/** How the sections report to the screen: its one toast, and which dialog is open (the toast moves into it). */
export type Melder = {
  erfolg: (text: string) => void;
  fehler: (text: string) => void;
  dialog: (name: string, offen: boolean) => void;
};
