/** A language catalogue's part for the browser (web/vite.config.ts, katalogFuerBrowser). */
declare module '*.json?teil=kern' {
  const katalog: Record<string, string>;
  export default katalog;
}
declare module '*.json?teil=verwaltung' {
  const katalog: Record<string, string>;
  export default katalog;
}
