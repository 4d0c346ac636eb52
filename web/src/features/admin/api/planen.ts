import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import type { PlanungsAuftrag, PlanungsErgebnis } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/admin/wasserdienst/bulk-assign {jahr, startKW, endKW, gruppeId?}: without a group, every group. */
const planeWasserdienste = (auftrag: PlanungsAuftrag) =>
  apiRequest<PlanungsErgebnis>('/api/admin/wasserdienst/bulk-assign', { method: 'POST', json: auftrag });

export function usePlaneWasserdienste() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: planeWasserdienste, onSettled: refresh });
}
