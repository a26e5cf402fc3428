import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * One process at a time on an embedded database: PGlite has no server to arbitrate, and two
 * processes writing one data directory (the shop, and `npm run staff:create` or a second
 * `npm start` beside it) corrupt it beyond reopening. A lock file beside the directory holds the
 * owner's pid; a lock whose process has died (a crash, kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } | { heldBy: number } {
  const lockFile = `${dataDir}.lock`;
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) return { heldBy: holder };
    writeFileSync(lockFile, String(process.pid));
  }
  return {
    release() {
      try {
        if (readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile);
      } catch {
        // Already gone.
      }
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
