import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fingerabdruck,
  leseAnker,
  merkleWurzel,
  neuesSchluesselpaar,
  oeffentlicherSchluessel,
  privaterSchluessel,
  pruefeAnkerSelbst,
  type StreamKopf,
  signiereAnker,
  vergleicheMitAnker,
} from './anker.js';

// The leaves and roots of Certificate Transparency's Merkle tree tests (RFC 6962), sizes 1 to 8.
const CT_BLAETTER = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) =>
  Buffer.from(h, 'hex'),
);
const CT_WURZELN = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const koepfe: StreamKopf[] = [
  { stream: 'gruppe-2', revision: 4, hash: 'b'.repeat(64) },
  { stream: 'eltern-1', revision: 0, hash: 'a'.repeat(64) },
  { stream: 'dienstplan-3', revision: 12, hash: 'c'.repeat(64) },
];

describe('Anker', () => {
  it('given the Certificate Transparency test leaves, when hashing trees of 0 to 8 leaves, then RFC 6962’s roots', () => {
    expect(merkleWurzel([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (let n = 1; n <= 8; n++) expect(merkleWurzel(CT_BLAETTER.slice(0, n)).toString('hex')).toBe(CT_WURZELN[n - 1]);
  });

  it('given stream heads, when signed, then the anchor checks by itself and names its key by a fingerprint', () => {
    const paar = neuesSchluesselpaar();
    const anker = signiereAnker(
      { position: '812/40', zeitpunkt: new Date('2026-11-27T02:00:00Z'), ereignisse: 17, koepfe },
      privaterSchluessel(paar.privat),
    );
    expect(anker.streams).toBe(3);
    expect(anker.koepfe.map((k) => k.stream)).toEqual(['dienstplan-3', 'eltern-1', 'gruppe-2']);
    expect(anker.schluessel).toBe(oeffentlicherSchluessel(createPublicKey(paar.oeffentlich)));
    expect(pruefeAnkerSelbst(anker)).toEqual([]);
    expect(pruefeAnkerSelbst(anker, anker.schluessel)).toEqual([]);
    expect(fingerabdruck(anker.schluessel)).toMatch(/^([0-9a-f]{4}:){7}[0-9a-f]{4}$/);
    expect(leseAnker(JSON.stringify(anker))).toEqual(anker);
  });

  it('given a signed anchor, when any signed field or the signature is changed, then the check refuses it', () => {
    const anker = signiereAnker(
      { position: '812/40', zeitpunkt: new Date(), ereignisse: 17, koepfe },
      privaterSchluessel(neuesSchluesselpaar().privat),
    );
    expect(pruefeAnkerSelbst({ ...anker, position: '813/40' })).toContain(
      'Die Signatur des Ankers stimmt nicht: die Datei wurde nach dem Signieren verändert.',
    );
    expect(pruefeAnkerSelbst({ ...anker, ereignisse: 18 })[0]).toMatch(/Signatur/);
    const signatur = Buffer.from(anker.signatur, 'base64');
    signatur[0] = (signatur[0] ?? 0) ^ 1;
    expect(pruefeAnkerSelbst({ ...anker, signatur: signatur.toString('base64') })[0]).toMatch(/Signatur/);
    const fremd = oeffentlicherSchluessel(privaterSchluessel(neuesSchluesselpaar().privat));
    expect(pruefeAnkerSelbst(anker, fremd)[0]).toMatch(/^Der Anker ist mit einem anderen Schlüssel signiert/);
    const kopf = anker.koepfe[0]!;
    expect(pruefeAnkerSelbst({ ...anker, koepfe: [{ ...kopf, hash: 'd'.repeat(64) }, ...anker.koepfe.slice(1)] })).toEqual([
      'Die Stream-Köpfe der Datei ergeben nicht die signierte Wurzel.',
    ]);
  });

  it('given the log’s heads, when one stream’s head differs, is missing or is new, then each is named', () => {
    const anker = signiereAnker(
      { position: '1/1', zeitpunkt: new Date(), ereignisse: 17, koepfe },
      privaterSchluessel(neuesSchluesselpaar().privat),
    );
    expect(vergleicheMitAnker(anker, koepfe, 17)).toEqual([]);
    const geaendert = koepfe.map((k) => (k.stream === 'gruppe-2' ? { ...k, hash: 'e'.repeat(64) } : k));
    expect(vergleicheMitAnker(anker, geaendert, 17)).toEqual([
      `Stream gruppe-2: Kopf bei Revision 4 verändert (Hash eeeeeeeeeeee… statt bbbbbbbbbbbb…).`,
    ]);
    expect(vergleicheMitAnker(anker, koepfe.slice(1), 17)).toEqual(['Stream gruppe-2: fehlt im Log (der Anker kennt ihn bis Revision 4).']);
    expect(vergleicheMitAnker(anker, [...koepfe, { stream: 'x', revision: 0, hash: 'f'.repeat(64) }], 18)).toEqual([
      'Stream x: im Log bis zur Position des Ankers, aber nicht im Anker.',
      '18 Ereignisse im Log bis zur Position des Ankers, 17 im Anker.',
    ]);
  });

  it('given files that are no anchors, when read, then a German reason', () => {
    expect(leseAnker('nicht json')).toBe('Die Anker-Datei ist kein JSON.');
    expect(leseAnker('{"format":"x"}')).toBe('Die Anker-Datei hat nicht das Format waldkita-anker/1.');
    expect(leseAnker('{"format":"waldkita-anker/1"}')).toBe('Die Anker-Datei ist unvollständig.');
  });
});
