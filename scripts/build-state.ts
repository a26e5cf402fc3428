import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether dist/ was built from the current sources, so `npm start` and `npm test` rebuild only
 * when something the build reads has changed (a second start stays fast).
 */
const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = [
  'web',
  'shared',
  'index.html',
  'vite.config.ts',
  'vite.admin.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function* walk(target: string): Generator<string> {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isFile()) {
    yield target;
    return;
  }
  for (const entry of readdirSync(target, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    yield* walk(path.join(target, entry.name));
  }
}

export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of walk(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function buildIsCurrent(): boolean {
  if (!existsSync(stampFile) || !existsSync(path.join(root, 'dist', 'server'))) return false;
  return readFileSync(stampFile, 'utf8').trim() === sourceFingerprint();
}

export function recordBuild(): void {
  writeFileSync(stampFile, `${sourceFingerprint()}\n`);
}
