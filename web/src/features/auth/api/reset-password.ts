import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSchreiben } from '@/hooks/use-schreiben';
import { ApiError, apiRequest } from '@/lib/api-client';

export type LinkStatus = 'gueltig' | 'ungueltig';

/**
 * POST /api/auth/reset-password/check, form-encoded `token`: whether the link from the mail can still
 * be used, so the screen shows the invalid-link view at once instead of after typing. Only a 400
 * means invalid; any other failure is rethrown (the form is shown and the reset itself decides).
 */
async function checkResetLink(token: string): Promise<LinkStatus> {
  try {
    await apiRequest<string>('/api/auth/reset-password/check', { method: 'POST', form: { token }, auth: false });
    return 'gueltig';
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return 'ungueltig';
    throw error;
  }
}

const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function useResetLinkStatus(token: string | null) {
  return useQuery({ ...resetLinkQueryOptions(token ?? ''), enabled: Boolean(token) });
}

type ResetPasswordInput = { token: string; newPassword: string };

/** POST /api/auth/reset-password, form-encoded `token` and `newPassword`; answers plain text. */
const resetPassword = ({ token, newPassword }: ResetPasswordInput) =>
  apiRequest<string>('/api/auth/reset-password', { method: 'POST', form: { token, newPassword }, auth: false });

export function useResetPassword() {
  return useSchreiben({ mutationFn: resetPassword });
}
