import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SKRIPT = fileURLToPath(new URL('../../scripts/i18n-pruefen.mjs', import.meta.url));

type Kataloge = Record<string, Record<string, string>>;

const ordner: string[] = [];
afterEach(() => {
  for (const o of ordner.splice(0)) rmSync(o, { recursive: true, force: true });
});

/**
 * Runs the lint check on these catalogues and a source file with this text (and, when given, a
 * server source file — domain, platform, the APIs — with that text); its exit code and lines.
 */
function pruefe(kataloge: Kataloge, quelle: string, serverQuelle?: string) {
  const wurzel = mkdtempSync(path.join(tmpdir(), 'i18n-pruefen-'));
  ordner.push(wurzel);
  const k = path.join(wurzel, 'i18n');
  const q = path.join(wurzel, 'src');
  mkdirSync(k);
  mkdirSync(q);
  for (const [sprache, texte] of Object.entries(kataloge)) writeFileSync(path.join(k, `${sprache}.json`), JSON.stringify(texte));
  writeFileSync(path.join(q, 'screen.tsx'), quelle);
  const server = path.join(wurzel, 'server');
  mkdirSync(server);
  if (serverQuelle !== undefined) writeFileSync(path.join(server, 'routes.ts'), serverQuelle);
  const lauf = spawnSync(
    process.execPath,
    [SKRIPT, '--kataloge', k, '--quellen', q, '--server-quellen', server, '--sprachen', Object.keys(kataloge).join(',')],
    { encoding: 'utf8' },
  );
  return { code: lauf.status, ausgabe: `${lauf.stdout}${lauf.stderr}` };
}

const GUT: Kataloge = {
  de: {
    'gruss.titel': 'Willkommen, {name}!',
    'dienste.anzahl': '{anzahl, plural, one {# Dienst} other {# Dienste}}',
    'tausch.stand': '{stand, select, offen {Offen} angenommen {Angenommen} other {Unbekannt}}',
  },
  en: {
    'gruss.titel': 'Welcome, {name}!',
    'dienste.anzahl': '{anzahl, plural, one {# duty} other {# duties}}',
    'tausch.stand': '{stand, select, offen {Open} angenommen {Accepted} other {Unknown}}',
  },
  pl: {
    'gruss.titel': 'Witaj, {name}!',
    // Polish has plural categories of its own: they may differ from German's.
    'dienste.anzahl': '{anzahl, plural, one {# dyżur} few {# dyżury} many {# dyżurów} other {# dyżuru}}',
    'tausch.stand': '{stand, select, offen {Otwarta} angenommen {Przyjęta} other {Nieznany}}',
  },
};
const QUELLE = "t('gruss.titel', { name }); t('dienste.anzahl', { anzahl }); t('tausch.stand', { stand });";

const mit = (sprache: string, texte: Record<string, string | undefined>): Kataloge => {
  const neu = structuredClone(GUT);
  for (const [k, v] of Object.entries(texte)) {
    if (v === undefined) delete neu[sprache]![k];
    else neu[sprache]![k] = v;
  }
  return neu;
};

describe('the catalogue check in npm run lint (scripts/i18n-pruefen.mjs)', () => {
  it('passes complete catalogues whose placeholders match German, each language with its own plural categories', () => {
    expect(pruefe(GUT, QUELLE)).toEqual({ code: 0, ausgabe: 'i18n-pruefen: 3 Sprachen, 3 Schlüssel, alles vollständig.\n' });
  });

  it('fails on a key missing in a language, naming language and key', () => {
    const { code, ausgabe } = pruefe(mit('pl', { 'tausch.stand': undefined }), QUELLE);
    expect(code).toBe(1);
    expect(ausgabe).toContain("Sprache pl: Schlüssel 'tausch.stand' fehlt.");
  });

  it('fails on an empty text and on a key German does not have', () => {
    const { code, ausgabe } = pruefe(mit('en', { 'gruss.titel': ' ', 'gruss.extra': 'Hello' }), QUELLE);
    expect(code).toBe(1);
    expect(ausgabe).toContain("Sprache en: Schlüssel 'gruss.titel' hat keinen Text.");
    expect(ausgabe).toContain("Sprache en: Schlüssel 'gruss.extra' gibt es im Deutschen nicht.");
  });

  it('fails on a key no source uses, and on a t() that names no German key', () => {
    const { code, ausgabe } = pruefe(GUT, "t('gruss.titel', { name }); t('dienste.anzahl', { anzahl }); t('gibt.es.nicht');");
    expect(code).toBe(1);
    expect(ausgabe).toContain("Sprache de: Schlüssel 'tausch.stand' wird im Quelltext nicht verwendet.");
    expect(ausgabe).toContain("Quelltext: t('gibt.es.nicht') nennt einen Schlüssel, den es im deutschen Katalog nicht gibt.");
  });

  it('fails on a renamed or missing placeholder', () => {
    const umbenannt = pruefe(mit('en', { 'gruss.titel': 'Welcome, {nachname}!' }), QUELLE);
    expect(umbenannt.code).toBe(1);
    expect(umbenannt.ausgabe).toContain(
      "Sprache en: Schlüssel 'gruss.titel' hat andere Platzhalter als Deutsch: nachname:argument statt name:argument.",
    );
    const fehlt = pruefe(mit('pl', { 'gruss.titel': 'Witaj!' }), QUELLE);
    expect(fehlt.ausgabe).toContain("Sprache pl: Schlüssel 'gruss.titel' hat andere Platzhalter als Deutsch: keine statt name:argument.");
  });

  it('fails on a plural turned into plain text, a select with other options, and a plural without other', () => {
    const { code, ausgabe } = pruefe(
      mit('en', {
        'dienste.anzahl': '{anzahl} duties',
        'tausch.stand': '{stand, select, offen {Open} other {Unknown}}',
      }),
      QUELLE,
    );
    expect(code).toBe(1);
    expect(ausgabe).toContain(
      "Sprache en: Schlüssel 'dienste.anzahl' hat andere Platzhalter als Deutsch: anzahl:argument statt anzahl:plural.",
    );
    expect(ausgabe).toContain(
      "Sprache en: Schlüssel 'tausch.stand' hat andere Platzhalter als Deutsch: stand:select[offen|other] statt stand:select[angenommen|offen|other].",
    );
    const ohneOther = pruefe(mit('pl', { 'dienste.anzahl': '{anzahl, plural, one {# dyżur} few {# dyżury}}' }), QUELLE);
    expect(ohneOther.code).toBe(1);
    expect(ohneOther.ausgabe).toContain("Sprache pl: Schlüssel 'dienste.anzahl'");
  });

  it('fails on a message that is not valid ICU, and on a missing catalogue', () => {
    const kaputt = pruefe(mit('en', { 'gruss.titel': 'Welcome, {name!' }), QUELLE);
    expect(kaputt.code).toBe(1);
    expect(kaputt.ausgabe).toMatch(/Sprache en: Schlüssel 'gruss\.titel' ist kein gültiges ICU/);
    const ohneKatalog = pruefe({ de: GUT.de! }, QUELLE);
    expect(ohneKatalog.code).toBe(0);
    const wurzel = mkdtempSync(path.join(tmpdir(), 'i18n-pruefen-'));
    ordner.push(wurzel);
    writeFileSync(path.join(wurzel, 'de.json'), JSON.stringify(GUT.de));
    const lauf = spawnSync(process.execPath, [SKRIPT, '--kataloge', wurzel, '--quellen', wurzel, '--sprachen', 'de,ar'], {
      encoding: 'utf8',
    });
    expect(lauf.status).toBe(1);
    expect(lauf.stderr).toContain('Sprache ar: Katalog');
    expect(lauf.stderr).toContain('fehlt.');
  });

  it('counts a server. key as used when its German text, or each literal part of its pattern, is in the server’s sources', () => {
    const kataloge = (de: Record<string, string>, en: Record<string, string>): Kataloge => ({
      de: { ...GUT.de, ...de },
      en: { ...GUT.en, ...en },
    });
    const mitServer = kataloge(
      {
        'server.tausch.weg': 'Dieses Angebot wurde bereits angenommen.',
        'server.import.zeile': 'Zeile {zeile}: „{email}“ ist keine gültige E-Mail-Adresse.',
        'server.gruppe.familien': 'Die Gruppe hat noch {n, plural, one {# Familie} other {# Familien}}.',
      },
      {
        'server.tausch.weg': 'This offer has already been accepted.',
        'server.import.zeile': 'Line {zeile}: “{email}” is not a valid e-mail address.',
        'server.gruppe.familien': 'The group still has {n, plural, one {# family} other {# families}}.',
      },
    );
    // A server source with template literals in it (its `${…}` are the source's, written with $ + '{').
    const server = [
      "export const SCHON_ANGENOMMEN = 'Dieses Angebot wurde bereits angenommen.';",
      'const zeileFalsch = (zeile: number, email: string) => `Zeile $' + '{zeile}: „$' + '{email}“ ist keine gültige E-Mail-Adresse.`;',
      'const familien = (n: number) => `Die Gruppe hat noch $' + '{n} $' + "{n === 1 ? 'Familie' : 'Familien'}.`;",
    ].join('\n');
    const einzeln = { de: GUT.de, en: GUT.en } as Kataloge;
    expect(pruefe(mitServer, QUELLE, server).code).toBe(0);
    expect(pruefe(einzeln, QUELLE, server).code).toBe(0);

    // The source's text was changed (or removed): the key is flagged, not quietly kept.
    const { code, ausgabe } = pruefe(
      mitServer,
      QUELLE,
      server.replace('bereits angenommen', 'schon angenommen').replace('`Zeile $', '`Reihe $'),
    );
    expect(code).toBe(1);
    expect(ausgabe).toContain(
      "Sprache de: Schlüssel 'server.tausch.weg' – sein deutscher Text kommt in den Quellen des Servers nicht (mehr) vor.",
    );
    expect(ausgabe).toContain(
      "Sprache de: Schlüssel 'server.import.zeile' – sein deutscher Text kommt in den Quellen des Servers nicht (mehr) vor.",
    );
    expect(ausgabe).not.toContain('server.gruppe.familien');
    // The screens' sources do not count for a server. key.
    expect(pruefe(mitServer, `${QUELLE} 'Dieses Angebot wurde bereits angenommen.'`, '').ausgabe).toContain("'server.tausch.weg'");
  });

  it("passes the product's own catalogues", () => {
    const lauf = spawnSync(process.execPath, [SKRIPT], { encoding: 'utf8' });
    expect(lauf.stderr).toBe('');
    expect(lauf.status).toBe(0);
    expect(lauf.stdout).toMatch(/^i18n-pruefen: 6 Sprachen, \d+ Schlüssel, alles vollständig\.\n$/);
  });
});
