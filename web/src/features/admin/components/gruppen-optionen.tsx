import type { AdminGruppe } from '../api/types';

/** The options of a choice of group for a plan: first all groups (`alle`, the value ''), then each group by its name. */
export function GruppenOptionen({ gruppen, alle }: { gruppen: readonly AdminGruppe[]; alle: string }) {
  return (
    <>
      <option value="">{alle}</option>
      {gruppen.map((g) => (
        <option key={g.gruppenID ?? g.id} value={g.gruppenID ?? g.id}>
          {g.gruppenName}
        </option>
      ))}
    </>
  );
}
