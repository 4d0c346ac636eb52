import { deutscheZodMeldung } from '@waldkita/domain/shared/eingabe';
import type { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Validates a request part; the first problem's German message becomes a 400 answer. A schema's own
 * messages come first; every other problem (a body of the wrong shape, an array where one value
 * belongs) gets a German one naming the field.
 */
export function parseOr400<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value ?? {}, { error: deutscheZodMeldung });
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'Ungültige Anfrage.');
}
