import { queryOptions, useQuery } from '@tanstack/react-query';
import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { type Rollenwahl, rollenFuer } from '../utils/rollen';
import { adminKeys } from './query-keys';
import type {
  AdminEltern,
  AdminGruppe,
  AnteilGesetzt,
  ElternAngelegt,
  ElternGeloescht,
  Geloescht,
  NeuerElternteil,
  RollenGesetzt,
} from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** GET /api/admin/eltern: every family and admin account. */
const getAdminEltern = (signal?: AbortSignal) => apiRequest<AdminEltern[]>('/api/admin/eltern', { signal });

/** GET /api/admin/gruppen. */
const getAdminGruppen = (signal?: AbortSignal) => apiRequest<AdminGruppe[]>('/api/admin/gruppen', { signal });

const adminElternQueryOptions = () => queryOptions({ queryKey: adminKeys.eltern(), queryFn: ({ signal }) => getAdminEltern(signal) });

const adminGruppenQueryOptions = () => queryOptions({ queryKey: adminKeys.gruppen(), queryFn: ({ signal }) => getAdminGruppen(signal) });

export const useAdminEltern = (options: { enabled: boolean }) => useQuery({ ...adminElternQueryOptions(), enabled: options.enabled });

export const useAdminGruppen = (options: { enabled: boolean }) => useQuery({ ...adminGruppenQueryOptions(), enabled: options.enabled });

/** POST /api/admin/eltern {nachname, email, gruppe (the group's name)}. */
const createEltern = (input: NeuerElternteil) => apiRequest<ElternAngelegt>('/api/admin/eltern', { method: 'POST', json: input });

/** DELETE /api/admin/eltern/{id}. */
const deleteEltern = (id: string) => apiRequest<ElternGeloescht>(`/api/admin/eltern/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** PUT /api/admin/eltern/{id}/role {roles}: the account's whole list of roles (ROLE_ELTERN is always kept). */
const setzeRollen = (id: string, roles: string[]) =>
  apiRequest<RollenGesetzt>(`/api/admin/eltern/${encodeURIComponent(id)}/role`, {
    method: 'PUT',
    json: { roles },
  });

/** Gives a family one of the roles of 'Rolle ändern…' (Elternteil, Prüfer (Verlauf), Admin). */
export function useSetzeRolle() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({
    mutationFn: ({ eltern, rolle }: { eltern: AdminEltern; rolle: Rollenwahl }) => setzeRollen(eltern.id, rollenFuer(rolle)),
    onSettled: refresh,
  });
}

export function useCreateEltern() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createEltern, onSettled: refresh });
}

export function useDeleteEltern() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: (eltern: AdminEltern) => deleteEltern(eltern.id), onSettled: refresh });
}

/**
 * DELETE /api/admin/eltern/{id}/personendaten: 'Personendaten löschen' (Art. 17 DSGVO,
 * docs/datenschutz.md). A family still in the kindergarten is removed first, then its personal
 * data is erased for good; it reads as 'Gelöschte Familie' everywhere afterwards.
 */
const loeschePersonendaten = (id: string) =>
  apiRequest<Geloescht>(`/api/admin/eltern/${encodeURIComponent(id)}/personendaten`, { method: 'DELETE' });

export function usePersonendatenLoeschen() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: (eltern: AdminEltern) => loeschePersonendaten(eltern.id), onSettled: refresh });
}

/** PUT /api/admin/eltern/{id}/reset-password {newPassword}: answers the text 'Passwort wurde zurückgesetzt.'. */
const setzePasswort = (id: string, newPassword: string) =>
  apiRequest<unknown>(`/api/admin/eltern/${encodeURIComponent(id)}/reset-password`, { method: 'PUT', json: { newPassword } });

export function useSetzePasswort() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({
    mutationFn: ({ eltern, passwort }: { eltern: AdminEltern; passwort: string }) => setzePasswort(eltern.id, passwort),
    onSettled: refresh,
  });
}

/**
 * PUT /api/admin/eltern/{id}/anteil {anteil, grund, dienstartId?}: the family's share of a duty kind
 * (Wasserdienst unless another kind is named), with the reason.
 */
const setzeAnteil = (id: string, anteil: number, grund: string, dienstartId?: string) =>
  apiRequest<AnteilGesetzt>(`/api/admin/eltern/${encodeURIComponent(id)}/anteil`, {
    method: 'PUT',
    json: dienstartId && dienstartId !== WASSERDIENST_ID ? { anteil, grund, dienstartId } : { anteil, grund },
  });

export function useSetzeAnteil() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({
    mutationFn: ({ eltern, anteil, grund, dienstartId }: { eltern: AdminEltern; anteil: number; grund: string; dienstartId?: string }) =>
      setzeAnteil(eltern.id, anteil, grund, dienstartId),
    onSettled: refresh,
  });
}
