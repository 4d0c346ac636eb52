import type { SpracheGewaehlt } from '@waldkita/domain/auth/antworten';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/eltern/ich/sprache (docs/api-auth.md): the family's own language, kept for every device. */
export function useWaehleSprache() {
  return useSchreiben({
    mutationFn: (sprache: Sprache) => apiRequest<SpracheGewaehlt>('/api/eltern/ich/sprache', { method: 'PUT', json: { sprache } }),
  });
}
