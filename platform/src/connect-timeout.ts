/** How long start-up waits for a backing service (Postgres, Redis, EventStoreDB) to answer. */
export const CONNECT_TIMEOUT_MS = 5000;

export class ConnectTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'ConnectTimeoutError';
  }
}

/**
 * Resolves as `work` does, or rejects with a ConnectTimeoutError once `ms` have passed: a port
 * that accepts connections but never answers must not hold start-up forever.
 */
export async function withConnectTimeout<T>(work: Promise<T>, ms = CONNECT_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
