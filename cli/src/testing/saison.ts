import type { Abwesenheit } from '@waldkita/domain/abwesenheit/antworten';
import type { AdminEltern, ElternAngelegt, GruppeAngelegt } from '@waldkita/domain/admin/antworten';
import type { LoginAntwort } from '@waldkita/domain/auth/antworten';
import type { DienstTauschAngebot, MeinDienst } from '@waldkita/domain/dienste/antworten';
import type { Dienstart } from '@waldkita/domain/dienste/dienstart';
import { aktuelleWoche, heuteInBerlin, type IsoWoche, plusTage, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import type { Tausch, Zuweisung } from '@waldkita/domain/wasserdienst/antworten';

/**
 * A season of a small kindergarten written through the HTTP API only, as the Admin Center and the
 * parents' app do: two groups of four families, a share, an absence deadline and absences, a
 * closing week before and one after planning, the water-duty plan, swaps (accepted, given away and
 * taken over, withdrawn, left open), a family removed and another one's personal data erased; with
 * `dienstarten`, also a duty kind of the whole kindergarten with its plan and a swap of it.
 *
 * Only routes that release d51739d already had are used unless `dienstarten` is set, so the same
 * script writes the season of the upgrade fixture (cli/test-fixtures/make-upgrade-dump.mjs) on the
 * previous release and the season of the backup test on the current one.
 */

type SaisonFamilie = {
  elternId: string;
  nachname: string;
  email: string;
  passwort: string;
  gruppeId: string;
  gruppenName: string;
  /** Removed by the admin (no longer signs in), erased (personal data gone). */
  entfernt: boolean;
  geloescht: boolean;
};

export type Saison = {
  admin: { elternId: string; email: string; passwort: string };
  gruppen: { id: string; name: string }[];
  familien: SaisonFamilie[];
  /** The ISO week the season was written in, and the weeks of the two closings. */
  woche: IsoWoche;
  schliesswochen: IsoWoche[];
};

type Answer = { status: number; body: unknown; text: string };

/** The API as the web client calls it: bearer token, JSON, and read-your-writes (X-Event-Position → X-Min-Position). */
export function http(baseUrl: string) {
  let letzte: [number, number] | null = null;
  const merke = (position: string | null) => {
    const m = position?.match(/^(\d+)\/(\d+)$/);
    if (!m) return;
    const p: [number, number] = [Number(m[1]), Number(m[2])];
    if (!letzte || p[0] > letzte[0] || (p[0] === letzte[0] && p[1] > letzte[1])) letzte = p;
  };
  const call = async (token: string | null, method: string, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'GET' && letzte) headers['x-min-position'] = `${letzte[0]}/${letzte[1]}`;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    merke(response.headers.get('x-event-position'));
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: response.status, body: json, text };
  };
  /** A write or read that must succeed: any other status stops the season with the answer. */
  const ok = async <T = Record<string, unknown>>(token: string | null, method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await call(token, method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.body as T;
  };
  const anmelden = async (email: string, kennwort: string) => {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, kennwort }).toString(),
    });
    const text = await response.text();
    return { status: response.status, jwt: response.ok ? (JSON.parse(text) as LoginAntwort).jwt : null };
  };
  return { call, ok, anmelden };
}

export async function schreibeSaison(options: {
  baseUrl: string;
  admin: { email: string; passwort: string };
  /** The app's today (its clock): weeks and dates are chosen from it. */
  jetzt: Date;
  /** Distinguishes the e-mail addresses of several seasons. */
  kennung: string;
  dienstarten?: boolean;
}): Promise<Saison> {
  const { ok, anmelden } = http(options.baseUrl);
  const adminLogin = await anmelden(options.admin.email, options.admin.passwort);
  if (!adminLogin.jwt) throw new Error(`admin sign-in failed: ${adminLogin.status}`);
  const a = adminLogin.jwt;
  const adminId = (await ok<AdminEltern[]>(a, 'GET', '/api/admin/eltern')).find((e) => e.email === options.admin.email)?.id;

  const woche = aktuelleWoche(options.jetzt);
  const kommende = wochenAb(woche, 20); // this week and the 19 after it
  const heute = heuteInBerlin(options.jetzt);

  const gruppen: Saison['gruppen'] = [];
  for (const name of ['Füchse', 'Eulen']) {
    const g = await ok<GruppeAngelegt>(a, 'POST', '/api/admin/gruppen', { gruppenName: name });
    gruppen.push({ id: g.id, name });
  }
  const namen: [string, string][] = [
    ['Fuchs', 'Füchse'],
    ['Bauer', 'Füchse'],
    ['Wagner', 'Füchse'],
    ['Schmidt', 'Füchse'],
    ['Eule', 'Eulen'],
    ['Lang', 'Eulen'],
    ['Moser', 'Eulen'],
    ['Huber', 'Eulen'],
    ['Alt', 'Eulen'],
  ];
  const familien: SaisonFamilie[] = [];
  const token: Record<string, string> = {};
  for (const [nachname, gruppenName] of namen) {
    const email = `${nachname.toLowerCase()}.${options.kennung}@example.org`;
    const passwort = `${nachname}-Saison-2026`;
    const e = await ok<ElternAngelegt>(a, 'POST', '/api/admin/eltern', { nachname, email, gruppe: gruppenName });
    await ok(a, 'PUT', `/api/admin/eltern/${e.id}/reset-password`, { newPassword: passwort });
    const login = await anmelden(email, passwort);
    if (!login.jwt) throw new Error(`sign-in of ${nachname} failed: ${login.status}`);
    token[nachname] = login.jwt;
    const gruppeId = gruppen.find((g) => g.name === gruppenName)!.id;
    familien.push({ elternId: e.id, nachname, email, passwort, gruppeId, gruppenName, entfernt: false, geloescht: false });
  }
  const f = (nachname: string) => familien.find((x) => x.nachname === nachname)!;

  // Shares, the absence deadline and absences.
  await ok(a, 'PUT', `/api/admin/eltern/${f('Bauer').elternId}/anteil`, { anteil: 2, grund: 'Zwillinge in der Gruppe' });
  await ok(a, 'PUT', '/api/admin/abwesenheit-frist', { deadline: plusTage(heute, 14) });
  for (const [nachname, i] of [
    ['Fuchs', 3],
    ['Fuchs', 4],
    ['Eule', 5],
    ['Lang', 3],
  ] as const)
    await ok(token[nachname]!, 'POST', '/api/abwesenheit', { kalenderwoche: kommende[i]!.kalenderwoche, jahr: kommende[i]!.jahr });
  const langs = await ok<Abwesenheit[]>(token.Lang!, 'GET', '/api/abwesenheit');
  await ok(token.Lang!, 'DELETE', `/api/abwesenheit/${langs[0]!.id}`);

  // A closing week before planning, the plan for the next 16 weeks (per year), a closing after it.
  const schliesswochen = [kommende[7]!, kommende[10]!];
  await ok(a, 'POST', '/api/schliesszeiten', {
    kalenderwoche: schliesswochen[0]!.kalenderwoche,
    jahr: schliesswochen[0]!.jahr,
    beschreibung: 'Weihnachtsferien',
    isRange: false,
  });
  const geplant = kommende.slice(1, 17);
  for (const jahr of [...new Set(geplant.map((w) => w.jahr))]) {
    const kw = geplant.filter((w) => w.jahr === jahr).map((w) => w.kalenderwoche);
    await ok(a, 'POST', '/api/admin/wasserdienst/bulk-assign', { jahr, startKW: Math.min(...kw), endKW: Math.max(...kw) });
  }
  await ok(a, 'POST', '/api/schliesszeiten', {
    kalenderwoche: schliesswochen[1]!.kalenderwoche,
    jahr: schliesswochen[1]!.jahr,
    beschreibung: 'Fortbildung des Teams',
    isRange: false,
  });

  // Swaps of water duty.
  const dienste = async (nachname: string) =>
    (await ok<Zuweisung[]>(token[nachname]!, 'GET', '/api/wasserdienst/my-assignments')).filter((d) => d.tauschbar && !d.angeboten);
  const angebot = async (nachname: string, wasserdienstId: string, extra: Record<string, unknown> = {}) => {
    await ok(token[nachname]!, 'POST', '/api/tausch', { elternId: f(nachname).elternId, wasserdienstId, ...extra });
    const offen = await ok<Tausch[]>(token[nachname]!, 'GET', `/api/tausch/gruppe/${f(nachname).gruppeId}`);
    return offen.find((t) => t.requestWasserdienst.id === wasserdienstId && !t.bestaetigt)!.id;
  };
  const tausch = async (von: string, an: string) => {
    const [d1] = await dienste(von);
    const [d2] = await dienste(an);
    if (!d1 || !d2) throw new Error(`no swappable duty for ${von} or ${an}`);
    const id = await angebot(von, d1.id, { nachricht: `Tausch mit ${von}?` });
    await ok(token[an]!, 'PUT', `/api/tausch/${id}/accept`, { resolveElternId: f(an).elternId, resolveWasserdienstId: d2.id });
  };
  await tausch('Fuchs', 'Bauer');
  await tausch('Eule', 'Moser');
  const [geben] = await dienste('Wagner');
  const abgabe = await angebot('Wagner', geben!.id, { abgeben: true });
  await ok(token.Schmidt!, 'PUT', `/api/tausch/${abgabe}/accept`, { resolveElternId: f('Schmidt').elternId });
  const [zurueck] = await dienste('Bauer');
  await ok(token.Bauer!, 'DELETE', `/api/tausch/${await angebot('Bauer', zurueck!.id)}`);
  const [offen] = await dienste('Huber');
  await angebot('Huber', offen!.id, { nachricht: 'Wer kann diese Woche?' });

  if (options.dienstarten) {
    const putz = await ok<Dienstart>(a, 'POST', '/api/admin/dienstarten', {
      name: 'Putzdienst',
      beschreibung: 'Am Wochenende den Bauwagen putzen.',
      rhythmus: 'wochenende',
      bereich: 'kita',
      familienProTermin: 1,
      stunden: 2,
    });
    await ok(a, 'POST', `/api/admin/dienstarten/${putz.id}/planen`, { von: plusTage(heute, 7), bis: plusTage(heute, 77) });
    const putzdienste = async (nachname: string) =>
      (await ok<MeinDienst[]>(token[nachname]!, 'GET', '/api/dienste/meine')).filter(
        (d) => d.dienstartId === putz.id && d.tauschbar && !d.angeboten,
      );
    // The planner spreads about ten weekends over eight families: two that hold a swappable date swap them.
    const mitDatum: [string, MeinDienst][] = [];
    for (const [nachname] of namen) {
      const [d] = await putzdienste(nachname);
      if (d && mitDatum.length < 2) mitDatum.push([nachname, d]);
    }
    if (mitDatum.length < 2) throw new Error('fewer than two families with a swappable Putzdienst date');
    const [[von, p1], [an, p2]] = mitDatum as [[string, MeinDienst], [string, MeinDienst]];
    await ok(token[von]!, 'POST', '/api/tausch', { dienstId: p1.id });
    const angebote = await ok<DienstTauschAngebot[]>(token[an]!, 'GET', '/api/dienste/tausch');
    const id = angebote.find((x) => x.dienstId === p1.id)!.id;
    await ok(token[an]!, 'PUT', `/api/tausch/${id}/accept`, { resolveDienstId: p2.id });
  }

  // One family leaves; another left and has its personal data erased.
  await ok(a, 'DELETE', `/api/admin/eltern/${f('Wagner').elternId}`);
  f('Wagner').entfernt = true;
  await ok(a, 'DELETE', `/api/admin/eltern/${f('Alt').elternId}/personendaten`);
  Object.assign(f('Alt'), { entfernt: true, geloescht: true });

  return {
    admin: { elternId: adminId ?? '', ...options.admin },
    gruppen,
    familien,
    woche,
    schliesswochen,
  };
}

/**
 * What the app answers a parent and an admin, for comparing two installations: per family that
 * still signs in its duties, absences and its group's swaps; for the admin the families, groups,
 * closings and each group's distribution. Tokens are taken anew by signing in (every family must).
 */
export async function antwortenDerSaison(baseUrl: string, saison: Saison, options: { dienstarten: boolean }) {
  const { ok, anmelden } = http(baseUrl);
  const antworten: Record<string, unknown> = {};
  const admin = await anmelden(saison.admin.email, saison.admin.passwort);
  if (!admin.jwt) throw new Error(`admin sign-in failed: ${admin.status}`);
  for (const familie of saison.familien.filter((x) => !x.entfernt)) {
    const login = await anmelden(familie.email, familie.passwort);
    if (!login.jwt) throw new Error(`sign-in of ${familie.nachname} failed: ${login.status}`);
    const t = login.jwt;
    antworten[`${familie.nachname} my-assignments`] = await ok(t, 'GET', '/api/wasserdienst/my-assignments');
    if (options.dienstarten) antworten[`${familie.nachname} dienste/meine`] = await ok(t, 'GET', '/api/dienste/meine');
    antworten[`${familie.nachname} abwesenheit`] = await ok(t, 'GET', '/api/abwesenheit');
    antworten[`${familie.nachname} tausch/gruppe`] = await ok(t, 'GET', `/api/tausch/gruppe/${familie.gruppeId}`);
  }
  const a = admin.jwt;
  antworten['admin eltern'] = await ok(a, 'GET', '/api/admin/eltern');
  antworten['admin gruppen'] = await ok(a, 'GET', '/api/gruppen');
  for (const jahr of [...new Set(saison.schliesswochen.map((w) => w.jahr))])
    antworten[`admin schliesszeiten ${jahr}`] = await ok(a, 'GET', `/api/schliesszeiten?year=${jahr}`);
  for (const g of saison.gruppen) {
    antworten[`admin verteilung ${g.name}`] = await ok(a, 'GET', `/api/wasserdienst/verteilung?gruppe=${g.id}`);
    antworten[`admin wasserdienst ${g.name}`] = await ok(a, 'GET', `/api/wasserdienst/gruppen-eltern/${g.id}`);
  }
  if (options.dienstarten) antworten['admin dienstarten'] = await ok(a, 'GET', '/api/admin/dienstarten');
  return antworten;
}
