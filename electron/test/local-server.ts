/**
 * Test helper: an HTTP server on a free port of this machine only, for tests
 * that stand in for the service (scripted answers, credential checks).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function serveLocally(handler: RequestListener): Promise<LocalServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    // Keep-alive sockets would hold close() open until they time out.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
