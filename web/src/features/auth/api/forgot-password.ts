import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/auth/forgot-password, form-encoded `email` (docs/produkt.md §7). The answer is the same text for
 * every address; the mail, if any, is sent by the server afterwards.
 */
const requestResetLink = (email: string) =>
  apiRequest<string>('/api/auth/forgot-password', { method: 'POST', form: { email }, auth: false });

export function useRequestResetLink() {
  return useSchreiben({ mutationFn: requestResetLink });
}
