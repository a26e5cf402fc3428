import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_FILES,
  ALLOWED_FUNCTIONS,
  checkSizes,
  functionsOf,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  productionFiles,
  type SourceFile,
} from './code-sizes';

const root = fileURLToPath(new URL('..', import.meta.url));

const lines = (n: number, line = 'x;') => `${Array.from({ length: n }, () => line).join('\n')}\n`;
const fn = (name: string, bodyLines: number) => `function ${name}() {\n${lines(bodyLines - 2, '  f();')}}\n`;
const none = { files: [], functions: [] };

describe('the sizes of this tree', () => {
  it('has no file or function over its limit beyond the allowed ones, and every allowed file still is', () => {
    const { added, fixedFiles } = checkSizes(productionFiles(root));
    expect(added, 'too long: split them by concern').toEqual([]);
    expect(fixedFiles, 'these fit now: delete them from ALLOWED_FILES').toEqual([]);
  });

  it('keeps the allowances free of duplicates', () => {
    expect(new Set(ALLOWED_FILES).size).toBe(ALLOWED_FILES.length);
    expect(new Set(ALLOWED_FUNCTIONS).size).toBe(ALLOWED_FUNCTIONS.length);
  });

  it('leaves tests, migrations and seed data out', () => {
    const paths = productionFiles(root).map((file) => file.path);
    expect(paths).toContain('server/app.ts');
    expect(paths.some((path) => /\.test\.tsx?$/.test(path))).toBe(false);
    expect(paths.some((path) => path.startsWith('server/db/migrations/'))).toBe(false);
    expect(paths).not.toContain('server/db/seed/catalogue-data.ts');
  });
});

describe('checkSizes', () => {
  it(`reports a file of ${MAX_FILE_LINES + 1} lines, not one of ${MAX_FILE_LINES}`, () => {
    const files: SourceFile[] = [
      { path: 'server/a.ts', source: lines(MAX_FILE_LINES) },
      { path: 'server/b.ts', source: lines(MAX_FILE_LINES + 1) },
    ];
    expect(checkSizes(files, none).added).toEqual([{ key: 'file server/b.ts', lines: MAX_FILE_LINES + 1 }]);
  });

  it('reports a long function by the name it is declared or assigned under', () => {
    const long = MAX_FUNCTION_LINES + 1;
    const source = [
      fn('short', MAX_FUNCTION_LINES),
      fn('declared', long),
      `const assigned = () => {\n${lines(long - 2, '  f();')}};`,
      `export const service = {\n  method() {\n${lines(long - 2, '    f();')}  },\n};`,
    ].join('\n');
    const { added } = checkSizes([{ path: 'server/s.ts', source }], none);
    expect(added.map((entry) => entry.key).filter((key) => key.startsWith('function '))).toEqual([
      'function server/s.ts assigned',
      'function server/s.ts declared',
      'function server/s.ts method',
    ]);
  });

  it('lets an allowed file or function be, and says when an allowance is no longer needed', () => {
    const files: SourceFile[] = [{ path: 'server/big.ts', source: fn('big', MAX_FUNCTION_LINES + 10) }];
    const result = checkSizes(files, {
      files: ['server/gone.ts'],
      functions: ['server/big.ts big', 'server/big.ts other'],
    });
    expect(result.added).toEqual([]);
    expect(result.fixedFiles).toEqual(['server/gone.ts']);
    expect(result.fixedFunctions).toEqual(['server/big.ts other']);
  });

  it('measures a function from its first line to its last', () => {
    expect(functionsOf({ path: 'a.ts', source: fn('f', 10) })).toEqual([{ name: 'f', lines: 10 }]);
  });
});
