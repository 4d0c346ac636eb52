import { z } from 'zod';
import type { BenachrichtigungsWahl } from './benachrichtigungen.js';

/** A push device of the family as GET /api/push/abos lists it (docs/push.md); shared by query-api and web. */
const pushGeraetSchema = z.object({ id: z.string(), bezeichnung: z.string(), seit: z.string() });
export type PushGeraet = z.infer<typeof pushGeraetSchema>;

/** The family's choice of push and mail per notice (its type is the decider's, benachrichtigungen.ts). */
const wahl = z.custom<BenachrichtigungsWahl>();

/** GET /api/push/einstellungen: the choice, and whether the family made one (else the defaults). */
const benachrichtigungsEinstellungenSchema = z.object({ wahl, gewaehlt: z.boolean() });
export type BenachrichtigungsEinstellungen = z.infer<typeof benachrichtigungsEinstellungenSchema>;

/** GET /api/push/vapid-public-key (no auth): the server's key, for `pushManager.subscribe`. */
const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** POST /api/push/abos: the device, new or known again. */
const pushGeraetAngemeldetSchema = z.object({ id: z.string(), message: z.string() });
export type PushGeraetAngemeldet = z.infer<typeof pushGeraetAngemeldetSchema>;

/** DELETE /api/push/abos (by endpoint) and DELETE /api/push/abos/{id}. */
const pushGeraetEntferntSchema = z.object({ message: z.string() });
export type PushGeraetEntfernt = z.infer<typeof pushGeraetEntferntSchema>;

/** PUT /api/push/einstellungen: the choice as saved. */
const wahlGespeichertSchema = z.object({ wahl, message: z.string() });
export type WahlGespeichert = z.infer<typeof wahlGespeichertSchema>;
