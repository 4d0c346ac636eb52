import type { PublicConfig } from '@waldkita/domain/auth/antworten';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

const FALLBACK_KITA_WEBSITE_URL = 'https://www.kempten.de/';

/** The part of the answer the sign-in screens use, with the fallback applied. */
type WebsiteConfig = Pick<PublicConfig, 'kitaWebsiteUrl'>;

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
async function getPublicConfig(): Promise<WebsiteConfig> {
  const response = await apiRequest<PublicConfig | null>('/api/public-config', { auth: false });
  const url = response?.kitaWebsiteUrl;
  return { kitaWebsiteUrl: isWebUrl(url) ? url : FALLBACK_KITA_WEBSITE_URL };
}

/** Asked once per page load; a failed answer is asked again by the next screen that needs it. */
let publicConfig: WebsiteConfig | null = null;
let publicConfigRequest: Promise<WebsiteConfig> | null = null;

function loadPublicConfig(): Promise<WebsiteConfig> {
  publicConfigRequest ??= getPublicConfig().then(
    (config) => {
      publicConfig = config;
      return config;
    },
    (error: unknown) => {
      publicConfigRequest = null;
      throw error;
    },
  );
  return publicConfigRequest;
}

/** The kindergarten's website; the fallback while loading or when the call fails. */
export function useKitaWebsiteUrl(): string {
  const [config, setConfig] = useState(publicConfig);
  useEffect(() => {
    if (config) return;
    let current = true;
    loadPublicConfig().then(
      (loaded) => {
        if (current) setConfig(loaded);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [config]);
  return config?.kitaWebsiteUrl ?? FALLBACK_KITA_WEBSITE_URL;
}
