import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../client.js';

/** A table's row count and a checksum of its contents, to prove a restore brought back the same rows. */
export type TableFingerprint = { rows: number; checksum: string };
/** Keyed by `schema.table`: the shop's tables (public) and drizzle's record of applied migrations. */
export type TableFingerprints = Record<string, TableFingerprint>;

const SCHEMAS = ['public', 'drizzle'];

/**
 * Every table's fingerprint, computed by the database itself so that the same rows give the same
 * answer on both sides of a restore: md5 of each row's text, the hashes sorted (so no primary key
 * or collation is needed to order the rows) and hashed again.
 *
 * A row's text depends on session settings (a timestamptz prints in the session's time zone), so
 * they are pinned for the transaction. Run it inside the transaction that also takes the dump when
 * the database is live (PostgreSQL), so counts and dump describe the same snapshot.
 */
export async function tableFingerprints(tx: Executor): Promise<TableFingerprints> {
  for (const setting of [
    sql`set local timezone = 'UTC'`,
    sql`set local datestyle = 'ISO, YMD'`,
    sql`set local intervalstyle = 'postgres'`,
    sql`set local extra_float_digits = 1`,
    sql`set local bytea_output = 'hex'`,
  ]) {
    await tx.execute(setting);
  }
  const tables = await queryRows<{ schema: string; name: string }>(
    tx,
    sql`select n.nspname as schema, c.relname as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname in ${sql.raw(`('${SCHEMAS.join("', '")}')`)}
         order by 1, 2`,
  );
  const result: TableFingerprints = {};
  for (const table of tables) {
    const [row] = await queryRows<{ rows: string | number; checksum: string }>(
      tx,
      sql`select count(*)::bigint as rows,
                 md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text) collate "C"), '')) as checksum
            from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t`,
    );
    result[`${table.schema}.${table.name}`] = { rows: Number(row!.rows), checksum: row!.checksum };
  }
  return result;
}

/** The tables whose count or checksum differ (or that are missing on one side), described for a person. */
export function fingerprintDifferences(expected: TableFingerprints, actual: TableFingerprints): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const problems: string[] = [];
  for (const name of names) {
    const want = expected[name];
    const got = actual[name];
    if (!want) problems.push(`${name}: not in the backup but present after the restore`);
    else if (!got) problems.push(`${name}: in the backup (${want.rows} rows) but missing after the restore`);
    else if (want.rows !== got.rows)
      problems.push(`${name}: ${want.rows} rows in the backup, ${got.rows} restored`);
    else if (want.checksum !== got.checksum)
      problems.push(`${name}: same ${got.rows} rows counted but contents differ`);
  }
  return problems;
}
