import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';

/**
 * Readable sizes, checked by `npm run lint`: no production file over 500 lines and no function
 * over 150. Production means server/, web/, shared/ and scripts/ without tests, migrations,
 * seed data and generated files; e2e/ and bench/ are test and measurement code.
 */

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 150;

const roots = ['server', 'web', 'shared', 'scripts'];

/** Not production code, or data rather than code: never measured. */
const EXCLUDED = [
  /\.test\.tsx?$/,
  /\.d\.ts$/,
  /^server\/db\/migrations\//,
  /^server\/test\//,
  // Seed data: the demo catalogue and the synthetic catalogues' word lists, and their Hindi.
  /^server\/db\/seed\/catalogue-data\.ts$/,
  /^server\/db\/seed\/synthetic-vocabulary\.ts$/,
  /^server\/db\/seed\/catalogue-hindi\.ts$/,
];

/**
 * Files allowed over the limit while being split; none is left. The list only shrinks: an entry
 * that fits is reported until it is deleted here, and nothing is added to it.
 */
export const ALLOWED_FILES: readonly string[] = [];

/**
 * Functions allowed over the limit while being split; none is left. The list only shrinks: an
 * entry that fits is reported until it is deleted here, and nothing is added to it.
 */
export const ALLOWED_FUNCTIONS: readonly string[] = [];

export type SourceFile = { path: string; source: string };

/** The production TypeScript files under `root` (paths relative to it, with forward slashes). */
export function productionFiles(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !EXCLUDED.some((pattern) => pattern.test(path))) {
        files.push({ path, source: readFileSync(join(root, path), 'utf8') });
      }
    }
  };
  for (const dir of roots) walk(dir);
  return files;
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function keyName(key: unknown): string | undefined {
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return key.name as string;
  if (key.type === 'Literal') return String(key.value);
  return undefined;
}

/** Every function of a file with its name (or `<anonymous>:line`) and its length in lines. */
export function functionsOf(file: SourceFile): { name: string; lines: number }[] {
  const { program, errors } = parseSync(file.path, file.source);
  if (errors.length > 0) throw new Error(`${file.path}: ${errors[0]?.message ?? 'cannot be parsed'}`);
  const lineOf = (offset: number) => lineCount(file.source.slice(0, offset)) || 1;
  const found: { name: string; lines: number }[] = [];
  const visit = (node: Node, name: string | undefined) => {
    if (FUNCTION_TYPES.has(node.type)) {
      const own = keyName(node.id) ?? name ?? `<anonymous>:${lineOf(node.start)}`;
      found.push({ name: own, lines: lineOf(node.end) - lineOf(node.start) + 1 });
    }
    for (const [field, value] of Object.entries(node)) {
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) {
        if (!isNode(child)) continue;
        // A function takes the name it is given: `const f = () => ...`, `{ f() {} }`, `f: function () {}`.
        const given =
          field === 'init' && node.type === 'VariableDeclarator'
            ? keyName(node.id)
            : field === 'value' && (node.type === 'MethodDefinition' || node.type === 'Property')
              ? keyName(node.key)
              : undefined;
        visit(child, given);
      }
    }
  };
  visit(program as unknown as Node, undefined);
  return found;
}

/** What is over its limit, as `file <path> (N lines)` and `function <path> <name> (N lines)`. */
export function oversized(files: SourceFile[]): { key: string; lines: number }[] {
  const found: { key: string; lines: number }[] = [];
  for (const file of files) {
    const lines = lineCount(file.source);
    if (lines > MAX_FILE_LINES) found.push({ key: `file ${file.path}`, lines });
    for (const fn of functionsOf(file)) {
      if (fn.lines > MAX_FUNCTION_LINES)
        found.push({ key: `function ${file.path} ${fn.name}`, lines: fn.lines });
    }
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** The check: what is too long and not allowed, and allowances no longer needed. */
export function checkSizes(
  files: SourceFile[],
  allowed: { files: readonly string[]; functions: readonly string[] } = {
    files: ALLOWED_FILES,
    functions: ALLOWED_FUNCTIONS,
  },
) {
  const found = oversized(files);
  const keys = new Set(found.map((entry) => entry.key));
  const allowedKeys = [
    ...allowed.files.map((path) => `file ${path}`),
    ...allowed.functions.map((entry) => `function ${entry}`),
  ];
  return {
    added: found.filter((entry) => !allowedKeys.includes(entry.key)),
    fixedFiles: allowed.files.filter((path) => !keys.has(`file ${path}`)),
    fixedFunctions: allowed.functions.filter((entry) => !keys.has(`function ${entry}`)),
  };
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const { added, fixedFiles, fixedFunctions } = checkSizes(productionFiles(root));
  for (const { key, lines } of added) {
    const limit = key.startsWith('file ') ? MAX_FILE_LINES : MAX_FUNCTION_LINES;
    console.error(`too long: ${key} has ${lines} lines (at most ${limit}): split it by concern`);
  }
  for (const path of fixedFiles)
    console.error(`fits now (delete it from ALLOWED_FILES in scripts/code-sizes.ts): ${path}`);
  for (const entry of fixedFunctions)
    console.warn(`fits now (delete it from ALLOWED_FUNCTIONS in scripts/code-sizes.ts): ${entry}`);
  if (added.length > 0 || fixedFiles.length > 0) process.exit(1);
  const allowed = ALLOWED_FILES.length + ALLOWED_FUNCTIONS.length - fixedFunctions.length;
  console.log(`code sizes: ok (${allowed} allowed while being split)`);
}
