import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AuditEintrag } from '@waldkita/domain/audit/antworten';
import PDFDocument from 'pdfkit';

/**
 * The case report (docs/audit.md, "Case reports"): one PDF per swap, family or week, in German,
 * naming families and weeks, that an auditor hands to the parents' council. It lists the events with
 * who did them (and for whom), and carries its evidence: the evidence file of the same events
 * (JSON Lines, checkable with tools/beweis-pruefen.mjs) is attached inside the PDF and its SHA-256
 * printed on the first page. pdfkit writes the PDF; DejaVu Sans has the letters of every family's
 * name (Latin with its accents, Cyrillic, Greek).
 */

const require = createRequire(import.meta.url);
const SCHRIFT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const SCHRIFT_FETT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const WALD = '#1f4229';
const GRAU = '#555555';

export type BerichtEingabe = {
  /** 'Tausch KW 49/2026 (Gruppe Füchse)', 'Familie Fuchs', 'KW 51/2026'. */
  gegenstand: string;
  /** 'dd.MM.yyyy HH:mm:ss' in Europe/Berlin. */
  erstelltAm: string;
  /** Who made it: 'Familie Sommer (Prüfer)'. */
  erstelltVon: string;
  eintraege: readonly AuditEintrag[];
  /** The anchor that covers the evidence, if any. */
  anker: { zeitpunkt: string; position: string; fingerabdruck: string; wurzel: string } | null;
  /** The evidence file of the same events, attached to the PDF; null without an anchor. */
  beweis: { dateiname: string; inhalt: string } | null;
  /** The PDF's own creation date (metadata); tests fix it. */
  jetzt: Date;
};

/** The report as PDF bytes, and the SHA-256 of the attached evidence file. */
export async function erstelleBericht(eingabe: BerichtEingabe): Promise<{ pdf: Buffer; beweisSha256: string | null }> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    lang: 'de-DE',
    info: { Title: `Fallbericht: ${eingabe.gegenstand}`, Author: 'Waldkita Elternportal', CreationDate: eingabe.jetzt },
    pdfVersion: '1.7',
  });
  doc.registerFont('text', SCHRIFT);
  doc.registerFont('fett', SCHRIFT_FETT);
  const teile: Buffer[] = [];
  doc.on('data', (teil: Buffer) => teile.push(teil));
  const fertig = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const beweisSha256 = eingabe.beweis ? createHash('sha256').update(eingabe.beweis.inhalt).digest('hex') : null;
  const breite = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('text').fontSize(9).fillColor(GRAU).text('Waldkindergarten · Elternportal · Verlauf');
  doc.moveDown(0.5);
  doc.font('fett').fontSize(18).fillColor(WALD).text(`Fallbericht: ${eingabe.gegenstand}`);
  doc.moveDown(0.4);
  doc.font('text').fontSize(10).fillColor('black').text(`Erstellt am ${eingabe.erstelltAm} von ${eingabe.erstelltVon}.`);
  doc.text(
    `${eingabe.eintraege.length} ${eingabe.eintraege.length === 1 ? 'Ereignis' : 'Ereignisse'} aus dem Ereignis-Log, in der Reihenfolge, in der sie geschahen.`,
  );
  doc.moveDown(0.6);

  doc.font('fett').fontSize(11).fillColor(WALD).text('Nachweis');
  doc.font('text').fontSize(9).fillColor('black');
  if (eingabe.anker) {
    doc.text(
      `Gedeckt durch den Anker vom ${eingabe.anker.zeitpunkt} (Position ${eingabe.anker.position}), signiert mit dem Schlüssel ${eingabe.anker.fingerabdruck}; Wurzel ${eingabe.anker.wurzel}.`,
    );
  } else doc.text('Kein Anker deckt diese Ereignisse ab: bitte zuerst unter „Integrität prüfen“ einen Anker signieren.');
  if (eingabe.beweis && beweisSha256) {
    doc.text(`Beweisdatei (in diesem PDF angehängt): ${eingabe.beweis.dateiname}`);
    doc.font('fett').text(`SHA-256 der Beweisdatei: ${beweisSha256}`);
    doc.font('text').text('Prüfen ohne das Elternportal: node beweis-pruefen.mjs <Beweisdatei> (docs/audit.md, „Evidence files“).');
  }
  doc.moveDown(0.8);

  doc.font('fett').fontSize(11).fillColor(WALD).text('Ereignisse');
  doc.moveDown(0.3);
  for (const e of eingabe.eintraege) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
    const wer = e.durch ? `${e.akteur}, ${e.durch}` : e.akteur;
    doc.font('fett').fontSize(9).fillColor('black').text(`${e.zeit} · ${wer}`, { width: breite });
    doc.font('text').fontSize(10).text(e.beschreibung, { width: breite });
    doc
      .fontSize(7.5)
      .fillColor(GRAU)
      .text(`${e.type} · Stream ${e.streamName}, Revision ${e.revision} · Position ${e.position}${e.hash ? ` · Hash ${e.hash}` : ''}`, {
        width: breite,
      });
    doc.moveDown(0.5);
  }
  if (eingabe.eintraege.length === 0) doc.font('text').fontSize(10).fillColor('black').text('Keine Ereignisse.');

  if (eingabe.beweis) {
    doc.file(Buffer.from(eingabe.beweis.inhalt, 'utf8'), {
      name: eingabe.beweis.dateiname,
      type: 'application/jsonl',
      description: `Beweisdatei, SHA-256 ${beweisSha256}`,
      creationDate: eingabe.jetzt,
      modifiedDate: eingabe.jetzt,
    });
  }

  const seiten = doc.bufferedPageRange();
  for (let i = 0; i < seiten.count; i++) {
    doc.switchToPage(seiten.start + i);
    const unten = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('text')
      .fontSize(8)
      .fillColor(GRAU)
      .text(`Fallbericht: ${eingabe.gegenstand} · Seite ${i + 1} von ${seiten.count}`, doc.page.margins.left, doc.page.height - 40, {
        width: breite,
        align: 'center',
      });
    doc.page.margins.bottom = unten;
  }
  doc.end();
  await fertig;
  return { pdf: Buffer.concat(teile), beweisSha256 };
}
