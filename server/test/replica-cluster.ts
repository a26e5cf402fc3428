import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * Where PostgreSQL's server programs are (initdb, pg_ctl, pg_basebackup): PG_BINDIR, else Debian's
 * /usr/lib/postgresql/<version>/bin, newest first. Undefined when this machine has none.
 */
export function findPostgresBinaries(): string | undefined {
  const candidates = [
    process.env.PG_BINDIR,
    ...['18', '17', '16', '15'].map((version) => `/usr/lib/postgresql/${version}/bin`),
  ];
  return candidates.find(
    (dir): dir is string =>
      Boolean(dir) &&
      ['initdb', 'pg_ctl', 'pg_basebackup'].every((tool) => existsSync(path.join(dir!, tool))),
  );
}

export type ReplicaCluster = {
  primaryUrl: string;
  replicaUrl: string;
  /** The replica's log: every statement it ran (log_statement = all), with its parameters. */
  replicaLog(): string;
  /** SQL on the replica itself (to pause replay, to ask what it has). */
  onReplica<T extends pg.QueryResultRow>(text: string): Promise<T[]>;
  onPrimary<T extends pg.QueryResultRow>(text: string): Promise<T[]>;
  /** `pg_ctl stop -m immediate`: the replica dies as a crashed server does, connections cut. */
  killReplica(): Promise<void>;
  startReplica(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A PostgreSQL primary of its own (the machine's shared server is neither restarted nor
 * reconfigured for replication) and a streaming replica made from it with `pg_basebackup -R`, on
 * the given ports, in a temporary folder removed on close. The server refuses to run as root, so
 * as root the programs run as the `postgres` user.
 */
export async function startReplicaCluster(options: {
  binaries: string;
  primaryPort: number;
  replicaPort: number;
}): Promise<ReplicaCluster> {
  const { binaries, primaryPort, replicaPort } = options;
  const root = mkdtempSync(path.join(tmpdir(), 'bb-replicas-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const tool = async (name: string, args: string[]) => {
    const program = path.join(binaries, name);
    try {
      return asRoot
        ? await run('runuser', ['-u', 'postgres', '--', program, ...args], { cwd: root })
        : await run(program, args, { cwd: root });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${name} ${args.join(' ')} failed: ${stderr || stdout || (error as Error).message}`);
    }
  };
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const replicaLogFile = path.join(root, 'replica.log');
  // Durability is not what these clusters are for; speed is.
  const serverOptions = (port: number, extra = '') =>
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60 ${extra}`;
  const pgCtl = (dir: string, logFile: string, port: number, extra = '') =>
    tool('pg_ctl', ['-D', dir, '-l', logFile, '-w', '-t', '30', '-o', serverOptions(port, extra), 'start']);

  const started: string[] = [];
  const stopAll = async () => {
    for (const dir of started.reverse()) {
      await tool('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']).catch(() => {});
    }
  };
  try {
    // The machine's own server's locale and text search configuration ('english' stems searches).
    await tool('initdb', [
      '-D',
      primaryDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '-T',
      'english',
      '--no-sync',
    ]);
    await pgCtl(
      primaryDir,
      path.join(root, 'primary.log'),
      primaryPort,
      '-c wal_level=replica -c max_wal_senders=4',
    );
    started.push(primaryDir);
    // A replication slot keeps the primary's WAL until the replica has it.
    await tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-C',
      '-S',
      'bb_test_replica',
      '-c',
      'fast',
    ]);
    const startReplica = async () => {
      await pgCtl(replicaDir, replicaLogFile, replicaPort, '-c log_statement=all -c hot_standby=on');
      if (!started.includes(replicaDir)) started.push(replicaDir);
    };
    await startReplica();

    const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
    const sqlOn = async <T extends pg.QueryResultRow>(port: number, text: string) => {
      const client = new pg.Client({ connectionString: url(port) });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    };
    return {
      primaryUrl: url(primaryPort),
      replicaUrl: url(replicaPort),
      replicaLog: () => (existsSync(replicaLogFile) ? readFileSync(replicaLogFile, 'utf8') : ''),
      onReplica: (text) => sqlOn(replicaPort, text),
      onPrimary: (text) => sqlOn(primaryPort, text),
      async killReplica() {
        await tool('pg_ctl', ['-D', replicaDir, '-m', 'immediate', 'stop']);
      },
      startReplica,
      async close() {
        await stopAll();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
