import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './query-keys';
import type { DienstplanStand } from './types';

/** GET /api/audit/dienstplan/{gruppeId}?asOf=: the plan folded from the log up to a moment or a position. */
const getDienstplanStand = (gruppeId: string, asOf: string, signal?: AbortSignal) =>
  apiRequest<DienstplanStand>(`/api/audit/dienstplan/${encodeURIComponent(gruppeId)}?${new URLSearchParams({ asOf })}`, { signal });

const dienstplanStandQueryOptions = (gruppeId: string, asOf: string) =>
  queryOptions({ queryKey: auditKeys.dienstplan(gruppeId, asOf), queryFn: ({ signal }) => getDienstplanStand(gruppeId, asOf, signal) });

export const useDienstplanStand = (abfrage: { gruppeId: string; asOf: string } | null) =>
  useQuery({ ...dienstplanStandQueryOptions(abfrage?.gruppeId ?? '', abfrage?.asOf ?? ''), enabled: abfrage !== null });
