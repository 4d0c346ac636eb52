/**
 * A device's label in the family's list, from the browser's User-Agent when it subscribed:
 * 'Chrome auf Android', 'Safari auf iPhone', 'Firefox auf Windows'. Only browser and system, never
 * versions or models, so the list tells the family's devices apart without fingerprinting them.
 */
export function geraetBezeichnung(userAgent: string | undefined | null): string {
  const ua = userAgent ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /(OPR|Opera)\//.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /(Firefox|FxiOS)\//.test(ua)
          ? 'Firefox'
          : /(Chrome|CriOS|Chromium)\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} auf ${system}`;
  return browser ?? system ?? 'Unbekanntes Gerät';
}
