import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sucheAusFilter } from '../utils/filter';
import { auditKeys } from './query-keys';
import type { AuditSeite, VerlaufFilter } from './types';

/** GET /api/audit/events: one page (50) of the filtered log. */
const getAuditEvents = (filter: VerlaufFilter, signal?: AbortSignal) =>
  apiRequest<AuditSeite>(`/api/audit/events?${sucheAusFilter(filter)}`, { signal });

const auditEventsQueryOptions = (filter: VerlaufFilter) =>
  queryOptions({ queryKey: auditKeys.events(filter), queryFn: ({ signal }) => getAuditEvents(filter, signal) });

/** Keeps the previous page on screen while the next one loads, so the list does not jump. */
export const useAuditEvents = (filter: VerlaufFilter, options: { enabled: boolean }) =>
  useQuery({ ...auditEventsQueryOptions(filter), enabled: options.enabled, placeholderData: keepPreviousData });
