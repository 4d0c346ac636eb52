import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server's texts as the built server formats them: plain Node, the package's built module
 * (`@waldkita/platform/i18n/texte` resolves to dist/ without Vite's 'source' condition). The other
 * tests load the sources through Vite, whose CommonJS interop hid that i18next-icu compiled no
 * message in Node's own loader: mails, refusals in other languages and the calendar feed went out
 * with their placeholders ('KW {kalenderwoche}/{jahr}').
 */
async function imGebautenServer(ausdruck: string): Promise<string> {
  const skript = `import { texte } from '@waldkita/platform/i18n/texte'; process.stdout.write(JSON.stringify(${ausdruck}));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', skript], { cwd: ROOT });
  return JSON.parse(stdout) as string;
}

describe('the built server formats its texts (plain Node, no Vite)', () => {
  it('fills in the values of a message in German, English and Arabic', async () => {
    expect(await imGebautenServer(`texte('de')('feed.woche', { kalenderwoche: '53', jahr: '2026' })`)).toBe('KW 53/2026');
    expect(await imGebautenServer(`texte('en')('server.passwort.passwort-zu-kurz', { minPasswortLaenge: 8 })`)).toBe(
      'The password must be at least 8 characters long.',
    );
    expect(await imGebautenServer(`texte('ar')('feed.woche', { kalenderwoche: '1', jahr: '2027' })`)).toBe('الأسبوع 1/2027');
  });

  it('chooses the plural form a count asks for', async () => {
    const text = (n: number) => imGebautenServer(`texte('de')('server.gruppen-admin-routes.gruppe-hat-familien', { n: ${n} })`);
    expect(await text(1)).toMatch(/^Die Gruppe hat noch 1 Familie\. /);
    expect(await text(3)).toMatch(/^Die Gruppe hat noch 3 Familien\. /);
  });
});
