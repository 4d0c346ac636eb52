import { IntlMessageFormat } from 'intl-messageformat';

/**
 * i18next's ICU message format for the server: each message compiled once per language and kept,
 * then formatted with the values. It does for the server what i18next-icu does for the screens.
 * i18next-icu itself cannot run in Node's own loader: its ES build takes intl-messageformat's
 * default export, which Node resolves to the CommonJS module object rather than the class, so
 * every message failed to compile and came back unformatted ('KW {kalenderwoche}/{jahr}') in the
 * built server — while the tests, which load it through Vite, saw it formatted. The named export
 * used here is the class under both loaders.
 */
export function icuFormat() {
  const kompiliert = new Map<string, IntlMessageFormat>();
  return {
    type: 'i18nFormat' as const,
    init() {},
    parse(res: string, options: Record<string, unknown>, lng: string, ns: string, key: string) {
      const schluessel = `${lng}\u0000${ns}\u0000${key}`;
      try {
        let format = kompiliert.get(schluessel);
        if (!format) {
          // ignoreTag: a '<' in a message is text, as on the screens.
          format = new IntlMessageFormat(res, lng, undefined, { ignoreTag: true });
          kompiliert.set(schluessel, format);
        }
        return String(format.format(options as Record<string, string>));
      } catch {
        // A value left out: the message as written, as i18next-icu answers (npm run lint checks the catalogues' syntax).
        return res;
      }
    },
    /** No keys of its own: plurals and selects live inside the ICU message. */
    addLookupKeys(finalKeys: string[]) {
      return finalKeys;
    },
  };
}
