import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { createStaticServer, type StaticServer } from "../../src/server/static-server.ts";

const running: StaticServer[] = [];

/** Serves `root` in-process on 127.0.0.1 and a free port; stopped after the test. */
export const startServer = async (root: string): Promise<{ server: StaticServer; origin: string; port: number }> => {
  const server = await createStaticServer({ root });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  running.push(server);
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, port };
};

afterEach(async () => {
  await Promise.all(
    running.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
});
