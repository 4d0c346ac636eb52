import type { ElternDto } from '@waldkita/domain/auth/antworten';
import ar from '@waldkita/domain/i18n/ar.json?teil=kern';
import en from '@waldkita/domain/i18n/en.json?teil=kern';
import pl from '@waldkita/domain/i18n/pl.json?teil=kern';
import { SPRACHEN, type Sprache } from '@waldkita/domain/i18n/sprachen';
import tr from '@waldkita/domain/i18n/tr.json?teil=kern';
import uk from '@waldkita/domain/i18n/uk.json?teil=kern';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AuthContext, type AuthContextValue } from '@/features/auth/utils/auth-context';
import { i18n } from '@/lib/i18n';
import { RAHMEN } from './rahmen';

const KATALOGE: Record<Exclude<Sprache, 'de'>, Record<string, string>> = { en, tr, uk, ar, pl };

/** Nobody signed in: the frames show nothing of a family. */
const OHNE_SITZUNG: AuthContextValue = {
  session: { status: 'anonymous' },
  signIn: (_user: ElternDto) => undefined,
  signOut: () => undefined,
};

/**
 * Every frame of rahmen.tsx in every language, as the HTML that goes into #root: wrapped in the
 * element erster-rahmen.tsx takes over (path and language on it; inert, and hidden from assistive
 * technology as inert content is: nothing in it can be used yet). Run at build time by
 * scripts/rahmen.mjs through Vite's SSR loader (which knip does not follow, hence public).
 * @public
 */
export async function alleRahmen(): Promise<Record<Sprache, Record<string, string>>> {
  const ergebnis = {} as Record<Sprache, Record<string, string>>;
  for (const sprache of SPRACHEN) {
    if (sprache !== 'de' && !i18n.hasResourceBundle(sprache, 'translation'))
      i18n.addResourceBundle(sprache, 'translation', KATALOGE[sprache], true);
    await i18n.changeLanguage(sprache);
    ergebnis[sprache] = {};
    for (const [pfad, rahmen] of Object.entries(RAHMEN)) {
      const html = renderToStaticMarkup(
        <MemoryRouter initialEntries={[pfad]}>
          <AuthContext.Provider value={OHNE_SITZUNG}>{rahmen()}</AuthContext.Provider>
        </MemoryRouter>,
      );
      // React puts a preload before each image it renders on the server; in #root the image itself comes as early.
      const ohnePreload = html.replace(/<link rel="preload" as="image"[^>]*>/g, '');
      ergebnis[sprache][pfad] =
        `<div class="erster-rahmen" data-rahmen="${pfad}" data-sprache="${sprache}" inert="" aria-hidden="true">${ohnePreload}</div>`;
    }
  }
  return ergebnis;
}
