import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { parseWholeNumber, runCommand } from "../lib/command.ts";
import { readVariable } from "../lib/environment.ts";
import { errorMessage } from "../lib/errors.ts";
import { createStaticServer, describeOpenFileLimit, readOpenFileLimit } from "../server/static-server.ts";

/**
 * `npm run serve` (and the second half of `npm start`): serves a built tree with the headers of
 * docs/consumers/api.md#headers. `--dir` (default `_site`), `PORT` or `--port` (default 8080, 0 for any free port),
 * `HOST` or `--host` (default 127.0.0.1; 0.0.0.0 to be reachable from other machines, as in a container). SIGHUP
 * re-reads the tree. It prints the open-file limit it runs with, since that bounds how many connections it can hold at
 * once.
 */
const portFrom = (raw: string): number => parseWholeNumber(raw, "PORT", { max: 65_535 });

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1)} MB`;

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: { dir: { type: "string", default: "_site" }, port: { type: "string" }, host: { type: "string" } },
    strict: true,
  });
  const port = portFrom(values.port ?? readVariable("PORT") ?? "8080");
  const host = values.host ?? readVariable("HOST") ?? "127.0.0.1";
  const server = await createStaticServer({ root: values.dir });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // The signals are handled before the first line is printed: whoever waits for that line may signal at once.
  process.on("SIGHUP", () => {
    server.reload().then(
      (reloaded) =>
        console.log(`Reloaded ${reloaded.root} (${reloaded.fileCount} files, ${megabytes(reloaded.byteCount)})`),
      (error: unknown) => console.error(`reload failed, still serving the previous tree: ${errorMessage(error)}`),
    );
  });
  const stop = (): void => {
    server.close();
    server.closeAllConnections();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const site = server.site();
  console.log(
    `Serving ${site.root} (${site.fileCount} files, ${megabytes(site.byteCount)}) at http://${shownHost}:${address.port}/`,
  );
  console.log(describeOpenFileLimit(await readOpenFileLimit()));
};

runCommand("serve", main);
