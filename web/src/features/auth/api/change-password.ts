import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

type ChangePasswordInput = { oldPassword: string; newPassword: string };
type ChangePasswordResult = { message: string; token: string | null };

/**
 * POST /api/auth/change-password, form-encoded `oldPassword` and `newPassword` with the bearer token
 * (docs/produkt.md §7). The server ends every session of the family and answers this one with a fresh token
 * in `x-auth-token`.
 */
async function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResult> {
  let token: string | null = null;
  const message = await apiRequest<string>('/api/auth/change-password', {
    method: 'POST',
    form: { oldPassword: input.oldPassword, newPassword: input.newPassword },
    onHeaders: (headers) => {
      token = headers.get('x-auth-token');
    },
  });
  return { message: typeof message === 'string' ? message : '', token };
}

/**
 * The change as a mutation that keeps the user signed in: the fresh token replaces `authToken` as
 * soon as the answer arrives — also when the dialog was closed or the page left meanwhile, since the
 * old token is refused from now on.
 */
export function useChangePassword(user: ElternDto) {
  const { signIn } = useAuth();
  return useSchreiben({
    mutationFn: changePassword,
    onSuccess: ({ token }) => {
      if (token) signIn(user, token);
    },
  });
}
