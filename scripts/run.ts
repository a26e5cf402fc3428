import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Builds the storefront when its sources changed since the last build. */
export async function ensureBuild(): Promise<void> {
  const { buildIsCurrent, recordBuild } = await import('./build-state.js');
  if (buildIsCurrent()) return;
  console.log('Building the storefront (first run or sources changed)...');
  const code = await run('npm', ['run', '-s', 'build']);
  if (code !== 0) {
    console.error('The storefront build failed; see the output above.');
    process.exit(code);
  }
  recordBuild();
}
