import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'catalogue-import-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The command as a merchant runs it, on an embedded database of its own. */
async function catalogueImport(...args: string[]) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/catalogue-import.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run catalogue:import', () => {
  it('imports a Shopify export in one go, variants and all, after a dry run that writes nothing', async () => {
    const file = 'server/modules/catalog-csv/csv-formats/fixtures/shopify-products.csv';
    const checked = await catalogueImport('--file', file, '--dry-run');
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toContain('A Shopify export: 54 products and 292 variants read.');
    expect(checked.stdout).toContain('Checked (dry run, nothing written) 292 rows');
    expect(checked.stdout).toContain('54 products added');
    const imported = await catalogueImport('--file', file);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('Imported 292 rows');
    expect(imported.stdout).toContain('54 products added, 0 changed');
    // The same file again changes the same products and adds none.
    const again = await catalogueImport('--file', file);
    expect(again.stdout).toContain('0 products added, 54 changed');
  }, 120_000);

  it("imports the shop's own CSV as the console does, listing each row's problems", async () => {
    const file = path.join(dataDir, 'products.csv');
    writeFileSync(file, 'slug,price\nnot-in-this-shop,499\n');
    const answer = await catalogueImport('--file', file, '--dry-run');
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('1 of 1 rows have problems; nothing was imported:');
    expect(answer.stderr).toContain('row 2, title: A new product needs a title (add a "title" column)');
  }, 60_000);

  it('says what is wrong with the command line', async () => {
    expect((await catalogueImport()).stderr).toContain('--file is required.');
    expect((await catalogueImport('--file', path.join(dataDir, 'missing.csv'))).stderr).toContain(
      'no such file',
    );
  });
});
