import type { PublicConfig } from '@waldkita/domain/auth/antworten';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

/** The default of RETENTION_DAYS: families that left are erased this many days later (docs/datenschutz.md). */
const STANDARD_AUFBEWAHRUNG_TAGE = 180;

/**
 * The retention period this installation uses (GET /api/public-config, `retentionDays`); the
 * default until it answers, or when it cannot be read.
 */
export function useAufbewahrungTage(): number {
  const [tage, setTage] = useState(STANDARD_AUFBEWAHRUNG_TAGE);
  useEffect(() => {
    let aktuell = true;
    apiRequest<PublicConfig | null>('/api/public-config', { auth: false }).then(
      (config) => {
        const wert = config?.retentionDays;
        if (aktuell && typeof wert === 'number' && Number.isInteger(wert) && wert >= 0) setTage(wert);
      },
      () => {},
    );
    return () => {
      aktuell = false;
    };
  }, []);
  return tage;
}
