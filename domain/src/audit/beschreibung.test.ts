import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  akteurName,
  BESCHRIEBENE_TYPEN,
  beschreibeEreignis,
  type DomainEreignis,
  type GeloggtesEreignis,
  type Kontext,
  kategorieVon,
  neutralerSatz,
  TYPEN_DER_KATEGORIE,
  verweiseVon,
} from './beschreibung.js';

const FAMILIEN: Record<string, string> = { fuchs: 'Fuchs', bauer: 'Bauer', wagner: 'Wagner' };
const GRUPPEN: Record<string, string> = { fuechse: 'Füchse' };
const kontext: Kontext = {
  familie: (id) => FAMILIEN[id] ?? null,
  gruppe: (id) => GRUPPEN[id] ?? null,
  woche: (id) => (id === 'wd-49' ? { jahr: 2026, kalenderwoche: 49 } : null),
  kalender: (id) => (id === 'sw-1' ? { woche: { jahr: 2026, kalenderwoche: 33 } } : id === 'st-1' ? { datum: '2026-12-24' } : null),
  dienstart: (id) => (id === 'putz' ? 'Putzdienst' : null),
  termin: (id) => (id === 'd-5' ? { von: '2026-12-05', bis: '2026-12-06' } : null),
  einsatz: (id) => (id === 'e-1' ? { titel: 'Frühjahrsputz', datum: '2027-03-20' } : null),
  schicht: (id) => (id === 's-1' ? { aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00' } : null),
};

/** given(the names the log knows).when(an event is described).then(the sentence). */
const given = (k: Kontext) => ({
  when: (event: DomainEreignis | GeloggtesEreignis) => ({
    // biome-ignore lint/suspicious/noThenProperty: given/when/then is the spec vocabulary; never awaited
    then: (satz: string) => expect(beschreibeEreignis(event, k)).toBe(satz),
  }),
});

describe('beschreibeEreignis: one German sentence per event', () => {
  describe('swaps', () => {
    it('an offer names the family and the week', () =>
      given(kontext)
        .when({
          type: 'TauschAngeboten',
          data: {
            gruppeId: 'fuechse',
            tauschId: 't1',
            wasserdienstId: 'wd-49',
            elternId: 'fuchs',
            jahr: 2026,
            kalenderwoche: 49,
            nachricht: null,
          },
        })
        .then('Familie Fuchs bietet den Wasserdienst KW 49/2026 zum Tausch an.'));

    it('an offer with a message quotes it', () =>
      given(kontext)
        .when({
          type: 'TauschAngeboten',
          data: {
            gruppeId: 'fuechse',
            tauschId: 't1',
            wasserdienstId: 'wd-49',
            elternId: 'fuchs',
            jahr: 2026,
            kalenderwoche: 49,
            nachricht: 'Wir sind verreist',
          },
        })
        .then('Familie Fuchs bietet den Wasserdienst KW 49/2026 zum Tausch an. Nachricht: „Wir sind verreist“'));

    it('an accepted swap names both families and both weeks', () =>
      given(kontext)
        .when({
          type: 'TauschAngenommen',
          data: {
            gruppeId: 'fuechse',
            tauschId: 't1',
            wasserdienstId: 'wd-49',
            woche: { jahr: 2026, kalenderwoche: 49 },
            angebotVon: 'fuchs',
            gegenWasserdienstId: 'wd-51',
            gegenWoche: { jahr: 2026, kalenderwoche: 51 },
            angenommenVon: 'bauer',
          },
        })
        .then('Familie Bauer übernimmt KW 49/2026 von Familie Fuchs und gibt dafür KW 51/2026 ab.'));

    it('a withdrawal finds the week of the offered duty', () =>
      given(kontext)
        .when({ type: 'TauschZurueckgezogen', data: { gruppeId: 'fuechse', tauschId: 't1', wasserdienstId: 'wd-49', elternId: 'fuchs' } })
        .then('Das Tausch-Angebot von Familie Fuchs für KW 49/2026 wird zurückgezogen.'));

    it('a withdrawal of a duty it cannot find still reads as a sentence', () =>
      given(kontext)
        .when({ type: 'TauschZurueckgezogen', data: { gruppeId: 'fuechse', tauschId: 't1', wasserdienstId: 'weg', elternId: 'fuchs' } })
        .then('Das Tausch-Angebot von Familie Fuchs wird zurückgezogen.'));
  });

  describe('the rota', () => {
    it('an assignment names family, week and group', () =>
      given(kontext)
        .when({
          type: 'WasserdienstZugewiesen',
          data: { gruppeId: 'fuechse', wasserdienstId: 'wd-49', elternId: 'wagner', jahr: 2026, kalenderwoche: 49 },
        })
        .then('Familie Wagner wird für den Wasserdienst KW 49/2026 eingeteilt (Gruppe „Füchse“).'));

    it('a freed duty', () =>
      given(kontext)
        .when({
          type: 'WasserdienstFreigegeben',
          data: { gruppeId: 'fuechse', wasserdienstId: 'wd-49', elternId: 'wagner', jahr: 2026, kalenderwoche: 49 },
        })
        .then('Der Wasserdienst KW 49/2026 von Familie Wagner ist wieder frei (Gruppe „Füchse“).'));

    it('a planned rota counts what it did', () =>
      given(kontext)
        .when({
          type: 'RotaGeplant',
          data: {
            gruppeId: 'fuechse',
            rotaId: 'r1',
            von: { jahr: 2026, kalenderwoche: 36 },
            bis: { jahr: 2027, kalenderwoche: 30 },
            familien: ['fuchs', 'bauer'],
            freieWochen: [],
            abwesenheiten: [],
            seed: 'r1',
            zugewiesen: 40,
            nichtBesetzt: [{ woche: { jahr: 2027, kalenderwoche: 1 }, grund: 'alle abwesend' }],
            trotzAbwesenheit: [],
          },
        })
        .then('Rota für Gruppe „Füchse“ geplant, KW 36/2026 bis KW 30/2027: 40 Wochen vergeben, 1 nicht besetzt.'));

    it('a plan retired by the import', () =>
      given(kontext)
        .when({ type: 'DienstplanZurueckgesetzt', data: { gruppeId: 'fuechse', importId: 'i1' } })
        .then('Der Wasserdienstplan der Gruppe „Füchse“ wird durch den Jahresimport zurückgesetzt.'));
  });

  describe('the import', () => {
    it('names the file, the counts and the deadline', () =>
      given(kontext)
        .when({
          type: 'ImportAbgeschlossen',
          data: {
            importId: 'i1',
            dateiname: 'eltern-2026.csv',
            frist: '2027-01-15',
            successCount: 120,
            skippedCount: 2,
            errorCount: 0,
            errors: [],
            neueFamilien: 20,
            bekannteFamilien: 100,
            entfernteFamilien: 3,
            zurueckgesetztePlaene: 4,
            zurueckgesetzteAbwesenheiten: 30,
          },
        })
        .then('Import „eltern-2026.csv“: 120 Familien übernommen, 3 entfernt, Frist 15.01.2027.'));

    it('a family brought again by the import', () =>
      given(kontext)
        .when({ type: 'ElternAktualisiert', data: { elternId: 'fuchs', nachname: 'Fuchs', nameKind: 'Mila, Jonas', gruppeId: 'fuechse' } })
        .then('Familie Fuchs wird durch den Jahresimport übernommen (in der Gruppe „Füchse“, Kind: Mila, Jonas).'));
  });

  describe('families, roles and passwords', () => {
    it('a registration names the group and the child, never the e-mail', () =>
      given(kontext)
        .when({
          type: 'ElternRegistriert',
          data: {
            elternId: 'x',
            nachname: 'Huber',
            nameKind: 'Ida',
            email: 'huber@example.org',
            gruppeId: 'fuechse',
            rollen: ['ROLE_ELTERN'],
          },
        })
        .then('Familie Huber wird angelegt (in der Gruppe „Füchse“, Kind: Ida).'));

    it('a role change names the roles in words', () =>
      given(kontext)
        .when({ type: 'RollenGeaendert', data: { elternId: 'bauer', rollen: ['ROLE_ELTERN', 'ROLE_AUDITOR'] } })
        .then('Familie Bauer hat jetzt die Rollen: Eltern, Prüfer (Verlauf).'));

    it('a choice of language names the language in German', () =>
      given(kontext)
        .when({ type: 'SpracheGewaehlt', data: { elternId: 'bauer', sprache: 'uk' } })
        .then('Familie Bauer wählt die Sprache Ukrainisch.'));

    it('a share of the water duty names the new share and the reason; 0 reads as an exemption', () => {
      given(kontext)
        .when({ type: 'AnteilGesetzt', data: { elternId: 'bauer', anteil: 2, grund: 'Zwei Kinder in der Gruppe' } })
        .then('Der Anteil von Familie Bauer am Wasserdienst ist jetzt 2. Grund: „Zwei Kinder in der Gruppe“');
      given(kontext)
        .when({ type: 'AnteilGesetzt', data: { elternId: 'bauer', anteil: 0, grund: 'Vorstand' } })
        .then('Familie Bauer wird vom Wasserdienst befreit (Anteil 0). Grund: „Vorstand“');
    });

    it('a duty given away and taken over reads as such', () => {
      given(kontext)
        .when({
          type: 'TauschAngeboten',
          data: {
            gruppeId: 'fuechse',
            tauschId: 'a',
            wasserdienstId: 'w',
            elternId: 'bauer',
            jahr: 2026,
            kalenderwoche: 48,
            nachricht: null,
            abgeben: true,
          },
        })
        .then('Familie Bauer gibt den Wasserdienst KW 48/2026 ab.');
      given(kontext)
        .when({
          type: 'DienstUebernommen',
          data: {
            gruppeId: 'fuechse',
            tauschId: 'a',
            wasserdienstId: 'w',
            woche: { jahr: 2026, kalenderwoche: 48 },
            abgegebenVon: 'bauer',
            uebernommenVon: 'fuchs',
          },
        })
        .then('Familie Fuchs übernimmt den Wasserdienst KW 48/2026 von Familie Bauer (ohne Gegendienst).');
    });

    it('a password change says that it happened, nothing more', () =>
      given(kontext)
        .when({ type: 'PasswortGesetzt', data: { elternId: 'fuchs', grund: 'aenderung' } })
        .then('Familie Fuchs ändert das eigene Passwort.'));

    it('an event of a family nobody knows any more', () =>
      given(kontext)
        .when({ type: 'ElternEntfernt', data: { elternId: 'wer' } })
        .then('Familie (unbekannt) wird entfernt.'));

    it("an erased family is named 'Gelöschte Familie', not 'Familie Gelöschte Familie'", () =>
      given({ ...kontext, familie: () => 'Gelöschte Familie' })
        .when({ type: 'AnteilGesetzt', data: { elternId: 'x', anteil: 2, grund: '' } })
        .then('Der Anteil von Gelöschte Familie am Wasserdienst ist jetzt 2.'));

    it('the erasure itself, on request and after the retention period', () => {
      given(kontext)
        .when({ type: 'PersonendatenGeloescht', data: { elternId: 'x', grund: 'antrag' } })
        .then('Die Personendaten einer ehemaligen Familie werden auf Antrag gelöscht.');
      given(kontext)
        .when({ type: 'PersonendatenGeloescht', data: { elternId: 'x', grund: 'aufbewahrungsfrist' } })
        .then('Die Personendaten einer ehemaligen Familie werden nach Ablauf der Aufbewahrungsfrist gelöscht.');
    });

    it('the sealing of an older log', () =>
      given(kontext)
        .when({ type: 'PersonendatenVersiegelt', data: { ereignisse: 4, streams: [{}, {}, {}] } })
        .then(
          'Die Personendaten im Ereignisprotokoll werden versiegelt: 4 Ereignisse in 3 Strömen; die Hash-Kette dieser Ströme wird neu berechnet, die alten Köpfe sind vermerkt.',
        ));
  });

  describe('the hours ledger', () => {
    it('rules, a family’s setting, an own entry with its decision, a correction, closing and reopening', () => {
      given(kontext)
        .when({
          type: 'StundenRegelnGesetzt',
          data: { jahr: 2026, sollProFamilie: 10, sollProKind: 5, stundensatz: 15, jahresbeginnMonat: 9 },
        })
        .then(
          'Stunden-Regeln ab dem Kita-Jahr 2026/27: 10 Stunden je Familie und 5 je Kind, 15,00 € je fehlender Stunde, Jahresbeginn im September.',
        );
      given(kontext)
        .when({ type: 'StundenFamilieGesetzt', data: { jahr: 2026, elternId: 'fuchs', kinder: 2, befreit: false, grund: '' } })
        .then('Familie Fuchs zählt im Kita-Jahr 2026/27 mit 2 Kindern für die Elternstunden.');
      given(kontext)
        .when({ type: 'StundenFamilieGesetzt', data: { jahr: 2026, elternId: 'fuchs', kinder: 1, befreit: true, grund: 'Elternbeirat' } })
        .then('Familie Fuchs ist im Kita-Jahr 2026/27 von den Elternstunden befreit. Grund: „Elternbeirat“');
      given(kontext)
        .when({
          type: 'StundenEingetragen',
          data: { jahr: 2026, eintragId: 'e', elternId: 'fuchs', datum: '2026-10-03', stunden: 2.5, beschreibung: 'Zaun repariert' },
        })
        .then('Familie Fuchs trägt 2,5 Stunden vom 03.10.2026 ein: „Zaun repariert“.');
      given(kontext)
        .when({ type: 'StundenBestaetigt', data: { jahr: 2026, eintragId: 'e', elternId: 'fuchs', stunden: 2.5 } })
        .then('2,5 eingetragene Stunden von Familie Fuchs werden bestätigt.');
      given(kontext)
        .when({ type: 'StundenAbgelehnt', data: { jahr: 2026, eintragId: 'e', elternId: 'fuchs', stunden: 2.5, grund: 'Doppelt' } })
        .then('2,5 eingetragene Stunden von Familie Fuchs werden abgelehnt. Grund: „Doppelt“');
      given(kontext)
        .when({
          type: 'StundenKorrigiert',
          data: { jahr: 2026, korrekturId: 'k', elternId: 'fuchs', datum: '2027-01-10', stunden: -2, grund: 'Doppelt gezählt' },
        })
        .then('Die Stunden von Familie Fuchs werden zum 10.01.2027 um -2 korrigiert. Grund: „Doppelt gezählt“');
      given(kontext)
        .when({ type: 'StundenjahrAbgeschlossen', data: { jahr: 2026 } })
        .then('Das Kita-Jahr 2026/27 wird für die Elternstunden abgeschlossen.');
      given(kontext)
        .when({ type: 'StundenjahrWiedereroeffnet', data: { jahr: 2026, grund: 'Nachtrag' } })
        .then('Das Kita-Jahr 2026/27 wird für die Elternstunden wieder eröffnet. Grund: „Nachtrag“');
    });

    it('an erased family’s entry reads without its description', () =>
      given({ ...kontext, familie: () => 'Gelöschte Familie' })
        .when({
          type: 'StundenEingetragen',
          data: { jahr: 2026, eintragId: 'e', elternId: 'x', datum: '2026-10-03', stunden: 1, beschreibung: null as unknown as string },
        })
        .then('Gelöschte Familie trägt 1 Stunde vom 03.10.2026 ein.'));
  });

  describe('duty kinds and their plans', () => {
    const kopf = { dienstartId: 'putz', bereichId: 'fuechse' };
    const wochenende = { von: '2026-12-05', bis: '2026-12-06' };
    const angaben = {
      name: 'Putzdienst',
      beschreibung: '',
      rhythmus: 'wochenende' as const,
      bereich: 'gruppe' as const,
      familienProTermin: 2,
      stunden: 2.5,
      pausiertBeiSchliessung: true,
    };

    it('a new kind with its rhythm, scope, families and hours', () =>
      given(kontext)
        .when({ type: 'DienstartAngelegt', data: { dienstartId: 'putz', ...angaben } })
        .then('Dienstart „Putzdienst“ angelegt (am Wochenende, je Gruppe, 2 Familien pro Termin, 2,5 Stunden).'));

    it('a changed kind on weekdays, in winter, for the whole kindergarten, also while closed', () =>
      given(kontext)
        .when({
          type: 'DienstartGeaendert',
          data: {
            dienstartId: 'tee',
            ...angaben,
            name: 'Tee kochen',
            rhythmus: 'wochentage',
            wochentage: [1, 3],
            aktivVonMonat: 11,
            aktivBisMonat: 3,
            bereich: 'kita',
            familienProTermin: 1,
            stunden: 1,
            pausiertBeiSchliessung: false,
          },
        })
        .then(
          'Dienstart „Tee kochen“ geändert (an den Wochentagen Mo, Mi, November bis März, für die ganze Kita, 1 Familie pro Termin, 1 Stunde, auch bei Schließzeiten).',
        ));

    it('an archived kind', () =>
      given(kontext)
        .when({ type: 'DienstartArchiviert', data: { dienstartId: 'putz', name: 'Putzdienst' } })
        .then('Dienstart „Putzdienst“ archiviert; ihre bisherigen Dienste bleiben im Verlauf.'));

    it('a plan of a group', () =>
      given(kontext)
        .when({
          type: 'DiensteGeplant',
          data: {
            ...kopf,
            planId: 'p',
            von: '2026-12-01',
            bis: '2026-12-31',
            art: angaben,
            geschlossen: { wochen: [], tage: [] },
            familien: [],
            anteile: [],
            saldo: [],
            abwesenheiten: [],
            belegt: [],
            zugewiesen: 7,
            nichtBesetzt: [wochenende],
            trotzAbwesenheit: [],
          },
        })
        .then('Dienstart „Putzdienst“ für Gruppe „Füchse“ geplant, 01.12.2026 bis 31.12.2026: 7 Termine vergeben, 1 nicht besetzt.'));

    it('a date assigned, of the whole kindergarten', () =>
      given(kontext)
        .when({ type: 'DienstZugewiesen', data: { ...kopf, bereichId: 'kita', dienstId: 'd1', ...wochenende, elternId: 'fuchs' } })
        .then('Familie Fuchs wird für den Dienst „Putzdienst“ eingeteilt: Sa 05.12.–So 06.12.2026 (ganze Kita).'));

    it('a date that falls on a closing, and one freed because the family left', () => {
      given(kontext)
        .when({
          type: 'DienstFreigegeben',
          data: { ...kopf, dienstId: 'd1', ...wochenende, elternId: 'fuchs', schliessung: { art: 'Ferien', beschreibung: 'Weihnachten' } },
        })
        .then('Der Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 von Familie Fuchs entfällt (Ferien: „Weihnachten“).');
      given(kontext)
        .when({ type: 'DienstFreigegeben', data: { ...kopf, dienstId: 'd1', ...wochenende, elternId: 'fuchs' } })
        .then('Der Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 von Familie Fuchs ist wieder frei (Gruppe „Füchse“).');
    });

    it('a date passed on to even out the plan, and a water-duty week likewise', () => {
      given(kontext)
        .when({ type: 'DienstUmverteilt', data: { ...kopf, dienstId: 'd1', ...wochenende, vonEltern: 'fuchs', anEltern: 'bauer' } })
        .then('Der Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 geht zum Ausgleich nach Schließzeiten von Familie Fuchs an Familie Bauer.');
      given(kontext)
        .when({
          type: 'WasserdienstUmverteilt',
          data: { gruppeId: 'fuechse', wasserdienstId: 'w', jahr: 2026, kalenderwoche: 50, vonEltern: 'fuchs', anEltern: 'bauer' },
        })
        .then('Der Wasserdienst KW 50/2026 geht zum Ausgleich nach Schließzeiten von Familie Fuchs an Familie Bauer (Gruppe „Füchse“).');
    });

    it('offers to swap and to give away, with a message', () => {
      const angebot = { ...kopf, tauschId: 't', dienstId: 'd1', ...wochenende, elternId: 'fuchs' };
      given(kontext)
        .when({ type: 'DienstTauschAngeboten', data: { ...angebot, nachricht: 'Geburtstag' } })
        .then('Familie Fuchs bietet den Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 zum Tausch an. Nachricht: „Geburtstag“');
      given(kontext)
        .when({ type: 'DienstTauschAngeboten', data: { ...angebot, nachricht: null, abgeben: true } })
        .then('Familie Fuchs gibt den Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 ab.');
    });

    it('a swap accepted, a give-away taken over, an offer withdrawn', () => {
      given(kontext)
        .when({
          type: 'DienstTauschAngenommen',
          data: {
            ...kopf,
            tauschId: 't',
            dienstId: 'd1',
            termin: wochenende,
            angebotVon: 'fuchs',
            gegenDienstId: 'd2',
            gegenTermin: { von: '2026-12-12', bis: '2026-12-13' },
            angenommenVon: 'bauer',
          },
        })
        .then(
          'Familie Bauer übernimmt den Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 von Familie Fuchs und gibt dafür Sa 12.12.–So 13.12.2026 ab.',
        );
      given(kontext)
        .when({
          type: 'DienstAbgabeUebernommen',
          data: { ...kopf, tauschId: 't', dienstId: 'd1', termin: wochenende, abgegebenVon: 'fuchs', uebernommenVon: 'wagner' },
        })
        .then('Familie Wagner übernimmt den Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 von Familie Fuchs (ohne Gegendienst).');
      given(kontext)
        .when({
          type: 'DienstTauschZurueckgezogen',
          data: { ...kopf, dienstartId: 'weg', tauschId: 't', dienstId: 'd1', elternId: 'fuchs' },
        })
        .then('Das Tausch-Angebot von Familie Fuchs für den Dienst (unbekannte Dienstart) wird zurückgezogen.');
      given(kontext)
        .when({ type: 'DienstTauschZurueckgezogen', data: { ...kopf, tauschId: 't', dienstId: 'd-5', elternId: 'fuchs' } })
        .then('Das Tausch-Angebot von Familie Fuchs für den Dienst „Putzdienst“ Sa 05.12.–So 06.12.2026 wird zurückgezogen.');
    });

    it('the plans evened out after a closing: what changed, and how many families hear of it', () =>
      given(kontext)
        .when({
          type: 'DienstplaeneAngepasst',
          data: {
            anpassungId: 'a',
            anlass: 'Schließtag 24.12.2026',
            familien: [
              { elternId: 'fuchs', entfallen: [{ ...wochenende, dienstartId: 'putz', dienstart: 'Putzdienst' }], neu: [], abgegeben: [] },
              { elternId: 'bauer', entfallen: [], neu: [{ ...wochenende, dienstartId: 'putz', dienstart: 'Putzdienst' }], abgegeben: [] },
            ],
          },
        })
        .then(
          'Die Dienstpläne werden nach „Schließtag 24.12.2026“ angepasst: 1 Termin entfällt, 1 Termin neu verteilt; 2 Familien werden benachrichtigt.',
        ));

    it('a share of another kind, and an exemption from it', () => {
      given(kontext)
        .when({ type: 'AnteilGesetzt', data: { elternId: 'bauer', anteil: 2, grund: 'Zwei Kinder', dienstartId: 'putz' } })
        .then('Der Anteil von Familie Bauer an der Dienstart „Putzdienst“ ist jetzt 2. Grund: „Zwei Kinder“');
      given(kontext)
        .when({ type: 'AnteilGesetzt', data: { elternId: 'bauer', anteil: 0, grund: 'Rücken', dienstartId: 'putz' } })
        .then('Familie Bauer wird von der Dienstart „Putzdienst“ befreit (Anteil 0). Grund: „Rücken“');
      given(kontext)
        .when({ type: 'AnteilGesetzt', data: { elternId: 'bauer', anteil: 2, grund: 'Zwei Kinder', dienstartId: 'wasserdienst' } })
        .then('Der Anteil von Familie Bauer am Wasserdienst ist jetzt 2. Grund: „Zwei Kinder“');
    });

    it('sorts the new events into categories and links a plan of a group to it, not the adjustments stream', () => {
      expect(kategorieVon('DienstTauschAngenommen')).toBe('Tausch');
      expect(kategorieVon('DienstUmverteilt')).toBe('Rota');
      expect(verweiseVon({ type: 'DienstZugewiesen', data: kopf, streamName: 'dienste-putz-fuechse' }).gruppeId).toBe('fuechse');
      expect(
        verweiseVon({ type: 'DienstZugewiesen', data: { ...kopf, bereichId: 'kita' }, streamName: 'dienste-putz-kita' }).gruppeId,
      ).toBe(null);
      expect(verweiseVon({ type: 'DienstplaeneAngepasst', data: {}, streamName: 'dienstplan-anpassungen' }).gruppeId).toBe(null);
    });
  });

  describe('work days', () => {
    const tag = {
      einsatzId: 'e-1',
      titel: 'Frühjahrsputz',
      datum: '2027-03-20',
      ort: 'Bauwagen',
      beschreibung: null,
      anmeldeschluss: '2027-03-18',
      schichten: [{ schichtId: 's-1', aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 2, stunden: 3 }],
    };
    const an = { einsatzId: 'e-1', schichtId: 's-1', elternId: 'fuchs' };

    it('a new day with its shifts and deadline; a cancelled one', () => {
      given(kontext)
        .when({ type: 'EinsatzAngelegt', data: tag })
        .then('Arbeitseinsatz „Frühjahrsputz“ am 20.03.2027 (Bauwagen) angelegt: 1 Schicht, Anmeldeschluss 18.03.2027.');
      given(kontext)
        .when({ type: 'EinsatzAbgesagt', data: { einsatzId: 'e-1' } })
        .then('Der Arbeitseinsatz „Frühjahrsputz“ am 20.03.2027 wird abgesagt; angemeldete Familien werden benachrichtigt.');
    });

    it('signing up, waiting, withdrawing, moving up and attendance, naming the shift', () => {
      const schicht = 'Schicht „Holz hacken“ (09:00–12:00) beim Arbeitseinsatz „Frühjahrsputz“ am 20.03.2027';
      given(kontext).when({ type: 'SchichtEingetragen', data: an }).then(`Familie Fuchs trägt sich für die ${schicht} ein.`);
      given(kontext).when({ type: 'AufWartelisteGesetzt', data: an }).then(`Familie Fuchs kommt auf die Warteliste der ${schicht}.`);
      given(kontext)
        .when({ type: 'SchichtAusgetragen', data: { ...an, vonWarteliste: false } })
        .then(`Familie Fuchs trägt sich aus der ${schicht} aus.`);
      given(kontext)
        .when({ type: 'SchichtAusgetragen', data: { ...an, vonWarteliste: true } })
        .then(`Familie Fuchs verlässt die Warteliste der ${schicht}.`);
      given(kontext)
        .when({ type: 'VonWartelisteNachgerueckt', data: an })
        .then(`Familie Fuchs rückt von der Warteliste in die ${schicht} nach.`);
      given(kontext)
        .when({ type: 'AnwesenheitErfasst', data: { ...an, anwesend: false } })
        .then(`Familie Fuchs war bei der ${schicht} nicht anwesend.`);
    });

    it('the listing of a day with its date (bookkeeping for removing a family)', () => {
      given(kontext)
        .when({ type: 'EinsatzVerzeichnet', data: { einsatzId: 'e-1', datum: '2027-03-21' } })
        .then('Der Arbeitseinsatz „Frühjahrsputz“ wird mit dem 21.03.2027 in der Liste der Arbeitseinsätze geführt.');
      given(kontext)
        .when({ type: 'EinsatzVerzeichnet', data: { einsatzId: 'x', datum: '2027-03-21' } })
        .then('Der Arbeitseinsatz wird mit dem 21.03.2027 in der Liste der Arbeitseinsätze geführt.');
    });

    it('a shift the caller cannot name', () =>
      given(kontext)
        .when({ type: 'SchichtEingetragen', data: { ...an, einsatzId: 'x', schichtId: 'y' } })
        .then('Familie Fuchs trägt sich für die Schicht beim Arbeitseinsatz ein.'));
  });

  describe('the calendar', () => {
    it('a changed closing week is found by its id', () =>
      given(kontext)
        .when({ type: 'SchliesswocheGeaendert', data: { id: 'sw-1', beschreibung: 'Sommerschließung' } })
        .then('Schließzeit KW 33/2026 geändert: „Sommerschließung“.'));

    it('a deleted closing day is found by its id', () =>
      given(kontext)
        .when({ type: 'SchliesstagGeloescht', data: { id: 'st-1' } })
        .then('Schließtag 24.12.2026 gelöscht.'));

    it('a holiday week', () =>
      given(kontext)
        .when({ type: 'FerienwocheAngelegt', data: { id: 'f', jahr: 2026, kalenderwoche: 32, art: 'Sommerferien' } })
        .then('Ferienwoche KW 32/2026 eingetragen (Sommerferien).'));
  });

  describe('announcements', () => {
    it('a long announcement is shortened to one line', () =>
      given(kontext)
        .when({ type: 'MitteilungVeroeffentlicht', data: { mitteilungId: 'm1', text: `Morgen Waldtag! ${'x'.repeat(100)}` } })
        .then(`Mitteilung veröffentlicht: „Morgen Waldtag! ${'x'.repeat(64)}…“.`));
  });

  describe('anything else', () => {
    it('an unknown type gets a neutral sentence', () =>
      given(kontext)
        .when({ type: 'MondGelandet', data: { wer: 'Armstrong' } })
        .then('Ereignis „MondGelandet“ wurde aufgezeichnet.'));

    it('a known type with unexpected data gets the neutral sentence instead of an error', () =>
      given(kontext)
        .when({ type: 'TauschAngenommen', data: { tauschId: 't1' } })
        .then(neutralerSatz('TauschAngenommen')));
  });

  it('describes every event type the domain declares (and the import’s ImportAbgeschlossen)', () => {
    // The event unions of domain/src/**: `export type …Event = | { type: '…' } …` up to the next export.
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const dateien = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const typen = new Set<string>();
    for (const datei of dateien) {
      const text = readFileSync(path.join(src, datei), 'utf8');
      for (const block of text.matchAll(/export type \w+Event =([\s\S]*?)(?=\nexport |$)/g))
        for (const [, type] of block[1]!.matchAll(/type: '(\w+)'/g)) typen.add(type!);
    }
    expect(typen.size).toBeGreaterThan(30);
    typen.add('ImportAbgeschlossen');
    expect([...typen].filter((t) => !BESCHRIEBENE_TYPEN.includes(t)).sort()).toEqual([]);
  });
});

describe('akteurName: who did it', () => {
  it('no actor is the system (seeding, operator commands)', () => expect(akteurName(null, null)).toBe('System'));
  it('an admin is the Leitung', () => {
    expect(akteurName('a', { nachname: 'Leitung', rollen: ['ROLE_ADMIN'] })).toBe('Leitung');
    expect(akteurName('a', { nachname: 'Sommer', rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] })).toBe('Leitung (Sommer)');
  });
  it('a parent is their family', () => expect(akteurName('b', { nachname: 'Bauer', rollen: ['ROLE_ELTERN'] })).toBe('Familie Bauer'));
  it('an account the read model does not know', () => expect(akteurName('c', null)).toBe('Unbekannt'));
});

describe('categories and links', () => {
  it('sorts events into the categories parents think in', () => {
    expect(kategorieVon('TauschAngenommen')).toBe('Tausch');
    expect(kategorieVon('RotaGeplant')).toBe('Rota');
    expect(kategorieVon('AbwesenheitGemeldet')).toBe('Abwesenheit');
    expect(kategorieVon('DienstplanZurueckgesetzt')).toBe('Import');
    // reset absences are absences first, and the import's filter finds them too
    expect(kategorieVon('AbwesenheitenZurueckgesetzt')).toBe('Abwesenheit');
    expect(TYPEN_DER_KATEGORIE.Abwesenheit).toContain('AbwesenheitenZurueckgesetzt');
    expect(TYPEN_DER_KATEGORIE.Import).toContain('AbwesenheitenZurueckgesetzt');
    expect(kategorieVon('SchliesstagAngelegt')).toBe('Verwaltung');
    expect(kategorieVon('Unbekannt')).toBe('Verwaltung');
  });

  it('links a swap to its story and its group', () =>
    expect(
      verweiseVon({
        type: 'TauschAngeboten',
        data: { tauschId: 't1', gruppeId: 'g1' },
        streamName: 'dienstplan-g1',
        metadata: { correlationId: 'x' },
      }),
    ).toEqual({ tauschId: 't1', importId: null, gruppeId: 'g1' }));

  it('links an event an import appended to the import, by its correlation id', () =>
    expect(
      verweiseVon(
        { type: 'ElternEntfernt', data: { elternId: 'e' }, streamName: 'eltern-e', metadata: { correlationId: 'i1' } },
        (id) => id === 'i1',
      ),
    ).toEqual({ tauschId: null, importId: 'i1', gruppeId: null }));
});
