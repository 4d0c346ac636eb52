import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const FALLBACK_KITA_WEBSITE_URL = 'https://www.kempten.de/';

export type PublicConfig = { kitaWebsiteUrl: string };

const isWebUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** GET /api/public-config (no auth): the kindergarten's public website, target of '← Zurück'. */
export async function getPublicConfig(): Promise<PublicConfig> {
  const response = await apiRequest<unknown>('/api/public-config', { auth: false });
  const url = response && typeof response === 'object' && 'kitaWebsiteUrl' in response ? response.kitaWebsiteUrl : null;
  return { kitaWebsiteUrl: isWebUrl(url) ? url : FALLBACK_KITA_WEBSITE_URL };
}

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The kindergarten's website; the fallback while loading or when the call fails. */
export function useKitaWebsiteUrl(): string {
  const { data } = useQuery(getPublicConfigQueryOptions());
  return data?.kitaWebsiteUrl ?? FALLBACK_KITA_WEBSITE_URL;
}
