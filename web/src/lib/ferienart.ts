/** The catalogue key of each holiday type (the Admin Center's names, `admin.ferienart.*`); a type the list lacks is shown as it came. */
export const FERIENART_KEY: Readonly<Record<string, string>> = {
  Sommerferien: 'admin.ferienart.sommerferien',
  Herbstferien: 'admin.ferienart.herbstferien',
  Weihnachtsferien: 'admin.ferienart.weihnachtsferien',
  Faschingsferien: 'admin.ferienart.faschingsferien',
  Osterferien: 'admin.ferienart.osterferien',
  Brückentag: 'admin.ferienart.brueckentag',
  Fortbildung: 'admin.ferienart.fortbildung',
  Sonstiges: 'admin.ferienart.sonstiges',
};
