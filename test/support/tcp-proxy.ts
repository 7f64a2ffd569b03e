import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (a database) that a test can cut and restore: cut closes every
 * connection through it and refuses new ones, as a database that went away does.
 */
export interface TcpProxy {
  /** The port the proxy listens on while it is not cut. */
  port: number;
  cut(): Promise<void>;
  /**
   * The connections open now stop carrying bytes without closing, as when a network drops a
   * connection silently (a NAT forgetting it); new connections are carried as before.
   */
  stall(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = createConnection({ host: targetHost, port: targetPort });
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : port;
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    stall() {
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    restore: listen,
    close: cut,
  };
}
