import type { PGlite } from '@electric-sql/pglite';

/**
 * Named statements on PGlite: drizzle's `.prepare(name)` names a statement on PostgreSQL, where it
 * is parsed and planned once per connection, but its PGlite driver sends every execution as a new
 * unnamed statement: parsed and planned again each time, the planner asking the size of each
 * table's file (an fstat through Node a table). A product page read that way spent as long being
 * planned as being run (the shop's own product pages on PGlite at 100,000 products).
 *
 * `withNamedStatements` wraps the client drizzle is given: a statement text registered here is
 * PREPAREd once on first use and then EXECUTEd on its generic plan, its parameters written as
 * quoted literals (the SQL-level EXECUTE takes no bound parameters). Only strings, finite numbers,
 * null and arrays of strings are written so; a statement given anything else runs as before. Every
 * other query, and every query inside a transaction (its own client), is untouched.
 */
export function withNamedStatements(client: PGlite): {
  client: PGlite;
  /** From now on, run this statement text (as drizzle writes it) as a named statement. */
  register(text: string): void;
} {
  const names = new Map<string, string>();
  const prepared = new Map<string, Promise<unknown>>();
  const query = async (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const name = names.get(text);
    const literals = name ? params?.map(literal) : undefined;
    if (!name || !literals || literals.includes(undefined)) return client.query(text, params, options);
    let ready = prepared.get(text);
    if (!ready) {
      // Kept before it settles, so a second first use waits for this PREPARE instead of repeating it.
      ready = client.exec(`prepare ${name} as ${text}`);
      prepared.set(text, ready);
      ready.catch(() => prepared.delete(text));
    }
    await ready;
    // On its generic plan, planned once. Left to choose, PostgreSQL plans each execution afresh with
    // its values while the generic plan's estimate (for arrays of unknown length) looks dearer, as it
    // did for the product page's statement: on PGlite at 100,000 products a one-page read cost 2.0 ms
    // planned afresh and 0.65 ms on the generic plan (50 pages: 6.1 and 3.9; bench/product-page-reads.ts). The
    // setting is the session's, so it is set and reset around the EXECUTE in one simple query, one
    // implicit transaction, whose failure undoes the SET too.
    const execute = `execute ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
    const results = await client.exec(
      `set plan_cache_mode = force_generic_plan; ${execute}; reset plan_cache_mode`,
      options,
    );
    return results[1]!;
  };
  const wrapped = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    client: wrapped,
    register(text) {
      // Numbered in the process, not per wrapper: two wrappers of one PGlite share its session.
      if (!names.has(text)) names.set(text, `named_${++statementsNamed}`);
    },
  };
}

let statementsNamed = 0;

/**
 * A parameter as a SQL literal of unknown type, which EXECUTE casts to the statement's parameter
 * type as a bound parameter would be; undefined for what is not written so. Quotes are doubled and
 * backslashes kept as they are (standard_conforming_strings, on in every PostgreSQL since 9.1 and
 * in PGlite); array elements are double-quoted with their own quotes and backslashes escaped.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? quoted(String(value)) : undefined;
  if (typeof value === 'string') return quoted(value);
  if (Array.isArray(value) && value.every((element) => typeof element === 'string')) {
    return quoted(`{${value.map((element) => `"${element.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`);
  }
  return undefined;
}

function quoted(text: string): string | undefined {
  // A NUL cannot be in a PostgreSQL string: the bound parameter fails as it should.
  if (text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}
