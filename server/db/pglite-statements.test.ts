import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTestOptions } from '../test/test-app.js';
import { withNamedStatements } from './pglite-statements.js';

// PGlite's own behaviour, the same whatever DATABASE_URL says: checked in the PGlite pass alone.
describe.skipIf(process.env.DATABASE_URL)('named statements on PGlite', () => {
  let raw: PGlite;
  beforeAll(async () => {
    // From the tests' migrated template when there is one (a new PGlite otherwise runs initdb).
    const { artifacts, loadDataDir } = await pgliteTestOptions();
    raw = await PGlite.create({
      pgliteWasmModule: artifacts.wasmModule,
      fsBundle: artifacts.fsBundle,
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  });
  afterAll(async () => {
    await raw?.close();
  });

  const preparedCount = async (fragment: string) =>
    (
      await raw.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements where statement like $1',
        [`%${fragment}%`],
      )
    ).rows[0]!.n;

  it('answers a registered statement as the plain query does, whatever its parameters hold', async () => {
    const { client, register } = withNamedStatements(raw);
    const text = "select $1::text as a, $2::text[] as b, $3::int as c, $4::text as d, 'one' as e";
    register(text);
    const awkward = [
      `it's a \\ "quote" {x,y} ' ; drop table x; --`,
      ['a"b', 'c\\d', "e'f", '', 'x,y', '{z}', 'NULL', 'ल', "''"],
      42,
      null,
    ];
    const named = await client.query(text, awkward);
    const plain = await raw.query(text, awkward);
    expect(named.rows).toEqual(plain.rows);
    expect(named.rows[0]).toEqual({
      a: awkward[0],
      b: awkward[1],
      c: 42,
      d: null,
      e: 'one',
    });
    expect(await preparedCount("'one' as e")).toBe(1);
  });

  it('prepares a statement once, however many ask for it first at the same time', async () => {
    const { client, register } = withNamedStatements(raw);
    const text = "select x from generate_series(1, $1::int) x where 'twice' <> ''";
    register(text);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => client.query(text, [i + 1])));
    expect(answers.map((answer) => answer.rows.length)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 0; i < 10; i++) await client.query(text, [3]);
    expect(await preparedCount("'twice'")).toBe(1);
  });

  it('runs on one generic plan, and leaves the session choosing plans as before, even after a failure', async () => {
    const { client, register } = withNamedStatements(raw);
    // An array of unknown length is what made PostgreSQL plan each execution afresh (the product page).
    const text = "select x from unnest($1::int[]) x where x > $2::int and 'generic' <> ''";
    register(text);
    for (let i = 0; i < 8; i++) {
      const answer = await client.query(text, [`{${[1, 2, 3, 4].slice(0, (i % 4) + 1).join(',')}}`, 1]);
      expect(answer.rows.length).toBe(i % 4);
    }
    const plans = await raw.query<{ generic: number; custom: number }>(
      "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%''generic''%'",
    );
    expect(plans.rows).toEqual([{ generic: 8, custom: 0 }]);
    const mode = async () =>
      (await raw.query<{ m: string }>('select current_setting($1) as m', ['plan_cache_mode'])).rows[0]!.m;
    expect(await mode()).toBe('auto');
    await expect(client.query(text, ['{1}', 'not a number'])).rejects.toThrow(
      /invalid input syntax for type integer/,
    );
    expect(await mode()).toBe('auto');
    expect((await client.query(text, ['{5}', 1])).rows).toEqual([{ x: 5 }]);
  });

  it('leaves unregistered statements, and parameters it does not write, to the plain query', async () => {
    const { client, register } = withNamedStatements(raw);
    await client.query("select $1::int + 1 as n, 'unregistered' as t", [1]);
    expect(await preparedCount("'unregistered'")).toBe(0);
    const text = "select $1::jsonb as j, 'objects' as t";
    register(text);
    const answer = await client.query(text, [{ a: 1 }]);
    expect(answer.rows[0]).toEqual({ j: { a: 1 }, t: 'objects' });
    expect(await preparedCount("'objects'")).toBe(0);
  });

  it('reports a failing PREPARE as the error it is, and tries again on the next use', async () => {
    const { client, register } = withNamedStatements(raw);
    const text = "select * from not_yet_a_table where 'later' <> $1::text";
    register(text);
    await expect(client.query(text, ['x'])).rejects.toThrow(/not_yet_a_table/);
    await raw.exec('create table not_yet_a_table (v int)');
    expect((await client.query(text, ['x'])).rows).toEqual([]);
  });
});
