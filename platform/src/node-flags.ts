/**
 * The Node flags the app's processes run with (`npm start`, the Docker image's NODE_OPTIONS, the
 * processes the tests and the bench start), so that what is tested and measured is what runs.
 *
 * `--experimental-async-context-frame`: AsyncLocalStorage (the caller's identity and the
 * request's idempotency key, platform/src/akteur-kontext.ts and http/idempotenz.ts) carried by
 * the async context frame instead of promise hooks, which otherwise run on every promise. Node 24
 * does this by default; on Node 22 it is this flag. The bench's reads went from 0.39-0.43 to
 * 0.44-0.57 of bare Fastify with it, and the app's CPU per command under the projection-lag load
 * from 0.95 to 0.88 ms (docs/decisions.md).
 */
export const NODE_FLAGS: readonly string[] = ['--experimental-async-context-frame'];
