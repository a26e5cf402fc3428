import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.js';

/**
 * Vitest's global setup: the schema is migrated ONCE per run into a template, and every test file
 * starts from a copy of it (test-app.ts openTestDatabase) instead of creating and migrating a
 * database of its own. On PGlite the template is a dump of the migrated data directory, loaded by
 * each file; on PostgreSQL it is a database that each file's scratch database is created from
 * (`CREATE DATABASE ... TEMPLATE`). Creating and migrating costs seconds per file; a copy, well
 * under one.
 *
 * The template's name reaches the test workers through the environment, which they inherit.
 */
export const pgliteTemplateVariable = 'SHOP_TEST_PGLITE_TEMPLATE';
export const postgresTemplateVariable = 'SHOP_TEST_POSTGRES_TEMPLATE';

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return preparePgliteTemplate();
  return preparePostgresTemplate(serverUrl);
}

async function preparePgliteTemplate() {
  const database = await openDatabase({ pgliteDir: undefined });
  await database.migrate();
  // Uncompressed: each test file loads it, and unpacking a tar is cheaper than gunzipping one.
  const dump = await database.dumpDataDir!('none');
  await database.close();
  const file = join(tmpdir(), `shop-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[pgliteTemplateVariable] = file;
  return async () => {
    rmSync(file, { force: true });
  };
}

/** Scratch databases carry the prefix of the database in DATABASE_URL (seedb_test -> seedb_test_1a2b...). */
export function scratchDatabasePrefix(serverUrl: string): string {
  const name = new URL(serverUrl).pathname.slice(1);
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : 'shop_test';
}

export function databaseUrlNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function preparePostgresTemplate(serverUrl: string) {
  const name = `${scratchDatabasePrefix(serverUrl)}_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  // Every connection to the template must be closed before a copy can be made of it.
  const database = await openDatabase({ databaseUrl: databaseUrlNamed(serverUrl, name), poolSize: 1 });
  await database.migrate();
  await database.close();
  process.env[postgresTemplateVariable] = name;
  return async () => {
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
}

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
