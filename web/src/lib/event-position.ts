/**
 * Read-your-writes in the browser: the highest `X-Event-Position` a write of this tab answered with
 * (kept in sessionStorage across reloads), which api-client.ts sends back as `X-Min-Position` on
 * every GET so the query side answers only once the projector has passed it.
 */

const POSITION_PATTERN = /^(\d+)\/(\d+)$/;
const POSITION_STORAGE_KEY = 'waldkita.minPosition';

function parsePosition(value: string | null): [bigint, bigint] | null {
  const match = value ? POSITION_PATTERN.exec(value.trim()) : null;
  return match?.[1] && match[2] ? [BigInt(match[1]), BigInt(match[2])] : null;
}

function readRememberedPosition(): string | null {
  try {
    const stored = sessionStorage.getItem(POSITION_STORAGE_KEY);
    return parsePosition(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Highest `X-Event-Position` seen so far; sent back as `X-Min-Position` on every GET. */
let minPosition: string | null = readRememberedPosition();

/** Keeps a write's `X-Event-Position` when it is past every position seen so far (api-client.ts). */
export function rememberPosition(value: string | null): void {
  const next = parsePosition(value);
  if (!next || !value) return;
  const current = parsePosition(minPosition);
  const isHigher = !current || next[0] > current[0] || (next[0] === current[0] && next[1] > current[1]);
  if (!isHigher) return;
  minPosition = value.trim();
  try {
    sessionStorage.setItem(POSITION_STORAGE_KEY, minPosition);
  } catch {
    // Storage may be unavailable (private mode); the in-memory value is enough.
  }
}

/** The position every GET waits for (`X-Min-Position`), or null before the first write. */
export function currentMinPosition(): string | null {
  return minPosition;
}
