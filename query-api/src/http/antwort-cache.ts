import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { type Leser, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';

/**
 * Who may see the same answer of a read: everyone signed in with the same roles (`alle`), the
 * members of one group with the same roles (`gruppe`), or only the family itself (`eltern`).
 */
export type Sichtbarkeit = 'alle' | 'gruppe' | 'eltern';

/**
 * The part of the cache key (and of the ETag) that decides what the caller may see. A family's
 * own answers also name the version of its read-model row.
 */
export const sichtKreis = (wer: Leser, sicht: Sichtbarkeit): string => {
  const rollen = `${wer.admin ? 'admin' : 'eltern'}${wer.pruefer ? '+pruefer' : ''}`;
  if (sicht === 'alle') return `alle|${rollen}`;
  if (sicht === 'gruppe') return `gruppe:${wer.gruppeId ?? '-'}|${rollen}`;
  return `eltern:${wer.elternId}@${wer.zeile}|${wer.gruppeId ?? '-'}|${rollen}`;
};

/**
 * The answer as sent: UTF-8 bytes, encoded once; its brotli and gzip forms are made the first
 * time a read asks for them and kept with it (an answer is read many times per position).
 */
export type Antwort = { body: Buffer; etag: string; kodiert?: Partial<Record<Kodierung, Buffer>> };

export type Kodierung = 'br' | 'gzip';

/** Smaller answers go out as they are: compressing them saves less than it costs. */
const MIN_KOMPRIMIERT = 1024;

/**
 * The encoding to send for an `Accept-Encoding` header: brotli where accepted, else gzip, else
 * none (a `q=0` refuses a coding).
 */
export function waehleKodierung(acceptEncoding: string | undefined): Kodierung | null {
  if (!acceptEncoding) return null;
  const akzeptiert = new Set<string>();
  for (const teil of acceptEncoding.split(',')) {
    const [name = '', ...parameter] = teil.trim().toLowerCase().split(';');
    const q = parameter.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    akzeptiert.add(name.trim());
  }
  if (akzeptiert.has('br')) return 'br';
  if (akzeptiert.has('gzip')) return 'gzip';
  return null;
}

/** The answer's bytes in `kodierung`, compressed once and kept with the answer. */
function kodiert(antwort: Antwort, kodierung: Kodierung): Buffer {
  antwort.kodiert ??= {};
  const fertig = antwort.kodiert[kodierung];
  if (fertig) return fertig;
  const bytes =
    kodierung === 'br'
      ? brotliCompressSync(antwort.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: antwort.body.length },
        })
      : gzipSync(antwort.body, { level: 6 });
  antwort.kodiert[kodierung] = bytes;
  return bytes;
}

/** The ETag of an answer: the body and the circle of callers it belongs to, so no two circles share one. */
export const etagVon = (kreis: string, body: Buffer) =>
  `"${createHash('sha256').update(kreis).update('\n').update(body).digest('base64url').slice(0, 32)}"`;

/** True when `If-None-Match` names the answer's ETag (weak or strong) or is `*`. */
export const passtZu = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((teil) => {
    const tag = teil.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
};

const MAX_BYTES = 32 * 1024 * 1024;

/**
 * Answers of reads at one read-model position (and notice of the projector) and one day (Europe/Berlin): an answer is built once
 * per URL and circle of callers, and given to every identical read until the projector moves on or
 * the day changes (some answers depend on today). Reads that arrive while an answer is being built
 * wait for it. A failed build is not kept.
 */
export class AntwortCache {
  private stand: string | null = null;
  private eintraege = new Map<string, Promise<Antwort>>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  hole(stand: string, schluessel: string, baue: () => Promise<Antwort>): Promise<Antwort> {
    if (stand !== this.stand) this.leere(stand);
    const vorhanden = this.eintraege.get(schluessel);
    if (vorhanden) return vorhanden;
    const eintrag = baue();
    this.eintraege.set(schluessel, eintrag);
    eintrag.then(
      (antwort) => {
        if (this.eintraege.get(schluessel) !== eintrag) return;
        // its compressed forms, made later, are a fraction of it: counted here as half the body
        this.bytes += Math.ceil(antwort.body.length * 1.5);
        if (this.bytes > this.maxBytes) this.leere(this.stand);
      },
      () => {
        if (this.eintraege.get(schluessel) === eintrag) this.eintraege.delete(schluessel);
      },
    );
    return eintrag;
  }

  private leere(stand: string | null) {
    this.stand = stand;
    this.eintraege = new Map();
    this.bytes = 0;
  }
}

/** Today in Europe/Berlin, worked out at most once a second (Intl is slow). */
const tagesUhr = () => {
  let sekunde = Number.NaN;
  let tag = '';
  return (jetzt: Date) => {
    const s = Math.floor(jetzt.getTime() / 1000);
    if (s !== sekunde) {
      sekunde = s;
      tag = heuteInBerlin(jetzt);
    }
    return tag;
  };
};

export type LeseDeps = Pick<QueryDeps, 'tokens' | 'pool' | 'store' | 'leserCache' | 'watermark' | 'now'>;

/**
 * A signed-in GET whose answer depends only on the read models, today's date and what `sicht`
 * says about the caller. The answer carries an ETag; a read that names it in `If-None-Match` gets
 * a 304 without a body. `baue` runs once per read-model position, day, URL and circle of callers.
 */
export function gespeicherteAntworten(deps: LeseDeps) {
  const cache = new AntwortCache();
  const heute = tagesUhr();
  return <R extends RouteGenericInterface = RouteGenericInterface>(
    sicht: Sichtbarkeit,
    baue: (request: FastifyRequest<R>, wer: Leser) => Promise<unknown>,
  ) =>
    async (request: FastifyRequest<R>, reply: FastifyReply) => {
      const wer = await leser(deps, request);
      const kreis = sichtKreis(wer, sicht);
      const erzeuge = async () => {
        const body = Buffer.from(JSON.stringify(await baue(request, wer)));
        return { body, etag: etagVon(kreis, body) };
      };
      const position = deps.watermark.current();
      // Without a known position nothing is kept: the answer is built for this read alone.
      const antwort = position
        ? await cache.hole(
            `${formatPosition(position)}#${deps.watermark.generation()}|${heute(deps.now())}`,
            `${kreis}|${request.url}`,
            erzeuge,
          )
        : await erzeuge();
      // each encoding is a representation of its own, with an ETag of its own (RFC 9110 §8.8.3)
      const kodierung = antwort.body.length >= MIN_KOMPRIMIERT ? waehleKodierung(request.headers['accept-encoding']) : null;
      const etag = kodierung ? `${antwort.etag.slice(0, -1)}-${kodierung}"` : antwort.etag;
      reply.header('etag', etag);
      reply.header('vary', 'accept-encoding');
      if (passtZu(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      if (!kodierung) return reply.send(antwort.body);
      return reply.header('content-encoding', kodierung).send(kodiert(antwort, kodierung));
    };
}

/** What the read routes get: the deps and the app's store of answers. */
export type LeseRoutenDeps = QueryDeps & { antworten: ReturnType<typeof gespeicherteAntworten> };
