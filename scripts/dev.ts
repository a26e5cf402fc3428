/**
 * `npm run dev`: the production builds in watch mode, plus the server restarted by `tsx watch`.
 *
 * Chosen over Vite's middleware mode because the browser then gets exactly what production serves
 * (same server-rendered HTML, same chunks and preloads, same strict CSP with no inline HMR client)
 * and Fastify needs no Express-style middleware adapter. The price is no hot module replacement:
 * after an edit, wait for "built in" and refresh the page. The server notices the rebuilt dist/ on
 * the next request (see server/web/web.routes.ts); server code changes restart it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name: string) => path.join('node_modules', '.bin', name);

const processes: [label: string, command: string, args: string[]][] = [
  ['client', bin('vite'), ['build', '--watch']],
  ['render', bin('vite'), ['build', '--ssr', 'web/entry-server.tsx', '--outDir', 'dist/server', '--watch']],
  ['console', bin('vite'), ['build', '-c', 'vite.admin.config.ts', '--watch']],
  [
    'server',
    bin('tsx'),
    ['watch', '--clear-screen=false', '--exclude', './dist/**', 'server/main.ts', '--seed-if-empty'],
  ],
];

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

function prefixLines(label: string, stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${label}] ${line}\n`);
  });
}

for (const [label, command, args] of processes) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
  });
  prefixLines(label, child.stdout!, process.stdout);
  prefixLines(label, child.stderr!, process.stderr);
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`[${label}] exited with code ${code ?? 'null'}; stopping the others`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
