import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not heal by asking again; network and server errors get one retry.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // A write without a network fails at once with the German network error instead of waiting,
      // paused, to be sent by itself once the browser is back online (docs/pwa.md).
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * The query cache of the screens that read and write through @tanstack/react-query: the signed-in
 * screens and the password screens. A chunk of its own, so the login screen's first paint goes
 * without it. The signed-in screens keep one cache while the session lasts; leaving them (sign-out,
 * an expired session) drops it with everything read for that user.
 */
export function QueryShell() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
