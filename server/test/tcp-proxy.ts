import net from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL that a test can cut and restore, to play a database
 * outage (a failover, a network blip) without touching the real server.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every open connection and refuses new ones, like a database that went away. */
    async cut() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    /** The database is back, on the same address. */
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
