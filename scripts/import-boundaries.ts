import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';

/**
 * The module boundaries of the shop, checked over every import in the tree (run by `npm run lint`
 * and by scripts/import-boundaries.test.ts under `npm test`). The layers:
 *
 *   shared/                 imports nothing of server/ or web/ (the browser and the server both load it)
 *   server/modules/<m>/     may import its own `*.repository.ts` only; other modules are used through
 *                           their services or the functions they export for use inside a transaction
 *   web/                    imports nothing of server/
 *   web/lib/, web/components/  generic: import neither features, pages nor the app shell
 *   web/features/<f>/       imports no app shell (web/app/, routes, entries) and no page; from another
 *                           feature only its public surface (below)
 *   web/app/, web/pages/, web/routes.tsx, web/entry-*.tsx  wire it all together
 *
 * A feature's public surface is every module of its folder except tests and files named
 * `*-internal.ts(x)` (or under an `internal/` folder), and except its stylesheets: a feature's
 * components import their own CSS. So the product card or `loginHref` can be used by other
 * features, while what a feature keeps to itself is named so.
 *
 * And no import cycles anywhere, type-only imports included (a type cycle still ties two modules
 * together, and turns into a runtime one the day a value crosses it).
 */

export type SourceFile = { path: string; source: string };
export type Edge = { from: string; to: string };

const roots = ['server', 'web', 'shared', 'scripts', 'e2e', 'bench'];
const extensions = ['.ts', '.tsx'];

/** Every TypeScript file of the tree (paths relative to `root`, with forward slashes). */
export function readTree(root: string): SourceFile[] {
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
      } else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
        files.push({ path, source: readFileSync(join(root, path), 'utf8') });
      }
    }
  };
  for (const dir of roots) walk(dir);
  for (const entry of readdirSync(root)) {
    if (/\.config\.ts$/.test(entry))
      files.push({ path: entry, source: readFileSync(join(root, entry), 'utf8') });
  }
  return files;
}

/** The specifiers a file imports: static imports and re-exports, `import('...')` and `import.meta.glob`. */
export function importsOf(file: SourceFile): string[] {
  const { module, errors } = parseSync(file.path, file.source);
  if (errors.length > 0) throw new Error(`${file.path}: ${errors[0]?.message ?? 'cannot be parsed'}`);
  const specifiers: string[] = [];
  for (const entry of module.staticImports) specifiers.push(entry.moduleRequest.value);
  for (const exported of module.staticExports) {
    for (const entry of exported.entries) if (entry.moduleRequest) specifiers.push(entry.moduleRequest.value);
  }
  for (const entry of module.dynamicImports) {
    const literal = /^\s*(['"`])([^'"`$]+)\1\s*$/.exec(
      file.source.slice(entry.moduleRequest.start, entry.moduleRequest.end),
    );
    if (literal?.[2]) specifiers.push(literal[2]);
  }
  for (const meta of module.importMetas) {
    // import.meta.glob('./pages/*-page.tsx') or (['...', '!...']): kept as a glob, expanded later.
    const call = /^import\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/.exec(
      file.source.slice(meta.start),
    );
    if (!call?.[1]) continue;
    for (const pattern of call[1].matchAll(/['"]([^'"]+)['"]/g)) specifiers.push(`glob:${pattern[1]}`);
  }
  return specifiers;
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('**/')
    .map((part) =>
      part
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('(?:.*/)?');
  return new RegExp(`^${source}$`);
}

/** The files of the tree a specifier of `from` points at (none for packages and node: modules). */
function resolve(from: string, specifier: string, known: Set<string>, all: string[]): string[] {
  const dir = posix.dirname(from);
  if (specifier.startsWith('glob:')) {
    const pattern = specifier.slice('glob:'.length);
    // Negative patterns are left out: the edges then cover a little more than the glob loads,
    // which can only find more problems, never hide one.
    if (pattern.startsWith('!')) return [];
    const matcher = globToRegExp(posix.join(dir, pattern));
    return all.filter((path) => matcher.test(path));
  }
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return [];
  const target = posix.join(dir, specifier.split('?')[0]!);
  const base = target.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  const candidates = [target, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((candidate) => known.has(candidate));
  // Stylesheets, pictures and other assets are not in the list of sources: keep the path itself,
  // so a feature reaching for another feature's CSS is still seen.
  return [found ?? target];
}

/** The import graph of a set of files: one edge per (importer, imported file) pair. */
export function importGraph(files: SourceFile[]): Edge[] {
  const all = files.map((file) => file.path);
  const known = new Set(all);
  const edges = new Map<string, Edge>();
  for (const file of files) {
    for (const specifier of importsOf(file)) {
      for (const to of resolve(file.path, specifier, known, all)) {
        if (to !== file.path || !specifier.startsWith('glob:'))
          edges.set(`${file.path} -> ${to}`, { from: file.path, to });
      }
    }
  }
  return [...edges.values()];
}

const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1];
const moduleOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1];
const isAppShell = (path: string) =>
  path.startsWith('web/app/') ||
  path.startsWith('web/pages/') ||
  /^web\/(routes|entry-[a-z]+)\.tsx?$/.test(path);

/** The rules, by the name a violation is reported under. */
export const RULES = {
  'shared-imports-app': 'shared/ imports neither server/ nor web/',
  'web-imports-server': 'web/ never imports server/',
  'foreign-repository':
    "a server module imports only its own repository: another module's through its service, or the functions it exports for use inside a transaction",
  'feature-imports-app': 'a feature imports neither the app shell (web/app, routes, entries) nor a page',
  'generic-imports-feature': 'web/lib and web/components import no feature, page or app shell',
  'feature-internals':
    "a feature uses another feature's public modules only (not its CSS, tests or *-internal files)",
  cycle: 'no import cycles (type-only imports included)',
} as const;

export type Rule = keyof typeof RULES;

/** Which rule importing `to` from `from` breaks, or null when it breaks none. */
export function ruleBroken({ from, to }: Edge): Rule | null {
  if (from.startsWith('shared/') && (to.startsWith('server/') || to.startsWith('web/'))) {
    return 'shared-imports-app';
  }
  if (from.startsWith('web/') && to.startsWith('server/')) return 'web-imports-server';
  const owner = moduleOf(to);
  if (
    owner &&
    /\.repository\.ts$/.test(to) &&
    moduleOf(from) !== owner &&
    from.startsWith('server/modules/')
  ) {
    return 'foreign-repository';
  }
  const feature = featureOf(from);
  if (feature && isAppShell(to)) return 'feature-imports-app';
  if (
    (from.startsWith('web/lib/') || from.startsWith('web/components/')) &&
    (featureOf(to) || isAppShell(to))
  ) {
    return 'generic-imports-feature';
  }
  const target = featureOf(to);
  if (feature && target && feature !== target) {
    const internal =
      /-internal\.tsx?$/.test(to) ||
      to.includes('/internal/') ||
      /\.test\.tsx?$/.test(to) ||
      !/\.tsx?$/.test(to);
    if (internal) return 'feature-internals';
  }
  return null;
}

/** The import cycles: each strongly connected group of files, listed from its first file in path order. */
export function cyclesOf(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
  }
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const to = targets[frame.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfImport = targets.includes(frame.node);
        if (group.length > 1 || selfImport) groups.push(group.sort());
      }
    }
  }
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Every broken boundary and every cycle, as `rule: from -> to` lines (a cycle as `cycle: a -> b -> a`). */
export function violationsOf(files: SourceFile[]): string[] {
  const edges = importGraph(files);
  const lines: string[] = [];
  for (const edge of edges) {
    const rule = ruleBroken(edge);
    if (rule) lines.push(`${rule}: ${edge.from} -> ${edge.to}`);
  }
  for (const group of cyclesOf(edges)) lines.push(`cycle: ${[...group, group[0]].join(' -> ')}`);
  return lines.sort();
}

/**
 * The violations that existed when the check was introduced and are being removed (issue 12).
 * This list only shrinks: a line is deleted when its import is gone (the check then insists), and
 * nothing is ever added to it. A new violation fails the check.
 */
export const KNOWN_VIOLATIONS: readonly string[] = [];

/** The check itself: new violations, and entries of the known list that no longer occur. */
export function checkTree(files: SourceFile[], known: readonly string[] = KNOWN_VIOLATIONS) {
  const found = violationsOf(files);
  const knownSet = new Set(known);
  const foundSet = new Set(found);
  return {
    added: found.filter((line) => !knownSet.has(line)),
    fixed: known.filter((line) => !foundSet.has(line)),
  };
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const root = join(fileURLToPath(import.meta.url), '..', '..');
  const { added, fixed } = checkTree(readTree(root));
  for (const line of added) {
    const rule = line.slice(0, line.indexOf(':')) as Rule;
    console.error(`new import violation: ${line}\n  (${RULES[rule]})`);
  }
  for (const line of fixed) {
    console.error(`fixed (delete it from KNOWN_VIOLATIONS in scripts/import-boundaries.ts): ${line}`);
  }
  if (added.length > 0 || fixed.length > 0) process.exit(1);
  console.log(`import boundaries: ok (${KNOWN_VIOLATIONS.length} known violations left)`);
}
