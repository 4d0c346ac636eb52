import { z } from 'zod';

/**
 * Numbers as browsers send them: a JSON number or a numeric string; empty means "not given" (null),
 * so the domain can answer with its own German message for a missing field.
 */
export const zahlOderNull = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return v;
}, z.number({ error: 'Bitte geben Sie eine Zahl an.' }).int('Bitte geben Sie eine ganze Zahl an.').nullable());

export const textOderNull = z.preprocess(
  (v) => (v === undefined ? null : v),
  z.string({ error: 'Bitte geben Sie einen Text an.' }).nullable(),
);

export const wahrheitswert = z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean());
