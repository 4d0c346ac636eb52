import { useQuery } from '@tanstack/react-query';
import { dienstartenQueryOptions, meineDiensteQueryOptions } from '@/lib/dienste-api';

/** GET /api/dienste/meine: every date of the family, of every kind, oldest first. */
export function useMeineDienste({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meineDiensteQueryOptions(), enabled });
}

/** GET /api/dienstarten: the active kinds, Wasserdienst first. */
export function useDienstarten({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dienstartenQueryOptions(), enabled });
}
