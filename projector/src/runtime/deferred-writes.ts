import { createRequire } from 'node:module';
import pg from 'pg';

/** pg's own conversion of a parameter to its text form (arrays as array literals, objects as JSON, dates with their offset). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as { prepareValue: (value: unknown) => string | Buffer | null };

/** A parameter as an SQL literal of the text pg would have sent for it: PostgreSQL infers its type from the place, as for the parameter. */
function literalOf(value: unknown): string {
  const text = prepareValue(value);
  if (text === null) return 'NULL';
  if (Buffer.isBuffer(text)) return `'\\x${text.toString('hex')}'`;
  return pg.escapeLiteral(text);
}

/**
 * The statement with its parameters ($1, $2 …) written in as literals. Quoted strings and
 * identifiers are left alone, so a `$1` inside them stays text.
 */
function inlineParameters(text: string, values: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && !(text[j] === c && text[j + 1] !== c)) j += text[j] === c ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '$' && /[0-9]/.test(text[i + 1] ?? '') && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /[0-9]/.test(text[j]!)) j++;
      const n = Number(text.slice(i + 1, j));
      if (n < 1 || n > values.length) throw new Error(`statement names parameter $${n}, but ${values.length} were given`);
      out += literalOf(values[n - 1]);
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** A statement that only writes (no RETURNING): its answer is never read, so it can wait. */
const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;
const RETURNING = /\bRETURNING\b/i;

/**
 * The projections' writes of one batch, held back and sent together: `client` answers an INSERT,
 * UPDATE or DELETE at once (no rows, rowCount unknown: projections never read a write's answer)
 * and keeps it; any other statement (a read) first sends what is held, in one round trip, so it
 * sees every earlier write. `take()` hands the rest to the caller, which sends it with the
 * checkpoint and COMMIT. A batch of plain writes thus costs one round trip instead of one per
 * statement. An error of a held statement surfaces where it is sent, and fails the batch as before.
 */
export class DeferredWrites {
  private held: string[] = [];
  readonly client: pg.ClientBase;

  constructor(private readonly inner: pg.ClientBase) {
    const query = async (config: unknown, values?: unknown[]) => {
      if (typeof config === 'string' && WRITE.test(config) && !RETURNING.test(config)) {
        this.held.push(values && values.length > 0 ? inlineParameters(config, values) : config);
        return { command: config.trim().split(/\s/, 1)[0]!.toUpperCase(), rowCount: null, rows: [], fields: [], oid: 0 };
      }
      await this.flush();
      return (inner.query as (c: unknown, v?: unknown[]) => Promise<unknown>)(config, values);
    };
    this.client = new Proxy(inner, {
      get(target, prop) {
        if (prop === 'query') return query;
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** Sends what is held, as one multi-statement query. */
  async flush() {
    const sql = this.take();
    if (sql) await this.inner.query(sql);
  }

  /** What is held, as statements ending in ';' (empty when nothing is), and forgets it. */
  take(): string {
    const sql = this.held.map((s) => `${s};\n`).join('');
    this.held = [];
    return sql;
  }
}
