/** An announcement as GET /api/mitteilungen lists it (docs/api-dashboard.md). */
export type Mitteilung = {
  id: string;
  text: string;
  /** ISO date-time of publication. */
  veroeffentlichtAm: string;
  autor: { id: string; nachname: string | null } | null;
};
