import type { VerlaufFilter } from '../api/types';

export const STANDARD_FILTER: VerlaufFilter = {
  kategorie: '',
  gruppe: '',
  familie: '',
  woche: '',
  q: '',
  from: '',
  to: '',
  order: 'desc',
  page: 1,
};

const DATUM = /^\d{4}-\d{2}-\d{2}$/;

/** The filter from the address bar (?kategorie=&gruppe=&familie=&woche=&q=&from=&to=&order=&page=); anything odd falls back to the default. */
export function filterAusSuche(suche: URLSearchParams): VerlaufFilter {
  const page = Number(suche.get('page'));
  const datum = (key: string) => {
    const wert = suche.get(key) ?? '';
    return DATUM.test(wert) ? wert : '';
  };
  return {
    kategorie: suche.get('kategorie') ?? '',
    gruppe: suche.get('gruppe') ?? '',
    familie: suche.get('familie') ?? '',
    woche: suche.get('woche') ?? '',
    q: suche.get('q') ?? '',
    from: datum('from'),
    to: datum('to'),
    order: suche.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the default goes into the address and the API call. */
export function sucheAusFilter(filter: VerlaufFilter, mitSeite = true): URLSearchParams {
  const suche = new URLSearchParams();
  if (filter.kategorie) suche.set('kategorie', filter.kategorie);
  if (filter.gruppe) suche.set('gruppe', filter.gruppe);
  if (filter.familie) suche.set('familie', filter.familie);
  if (filter.woche.trim()) suche.set('woche', filter.woche.trim());
  if (filter.q.trim()) suche.set('q', filter.q.trim());
  if (filter.from) suche.set('from', filter.from);
  if (filter.to) suche.set('to', filter.to);
  suche.set('order', filter.order);
  if (mitSeite && filter.page > 1) suche.set('page', String(filter.page));
  return suche;
}
