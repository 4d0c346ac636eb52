import { hatUngueltigeZeichen } from '@waldkita/domain/shared/eingabe';

/** Whether any string in the value — keys included, at any depth — holds a NUL or a lone surrogate. */
export function enthaeltUngueltigeZeichen(value: unknown): boolean {
  // A stack instead of recursion: a deeply nested JSON body must not overflow the call stack.
  const offen: unknown[] = [value];
  while (offen.length > 0) {
    const v = offen.pop();
    if (typeof v === 'string') {
      if (hatUngueltigeZeichen(v)) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v) offen.push(inner);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, inner] of Object.entries(v)) {
        if (hatUngueltigeZeichen(key)) return true;
        offen.push(inner);
      }
    }
  }
  return false;
}
