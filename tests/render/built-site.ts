import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { frozenData } from "../helpers/frozen-copy.ts";
import { runScript } from "../helpers/run-script.ts";
import { type StaticServer, startStaticServer } from "./serve-directory.ts";

export interface BuiltSite {
  server: StaticServer;
  /** The temporary folder the site was built into. */
  siteDir: string;
  /** Stops the server and removes the folder. */
  close(): Promise<void>;
}

/**
 * The project's own site, built on the data's date into a temporary folder and served on 127.0.0.1 for the browser
 * tests. It is built for the test server's address, as a deployment is built for its own.
 */
export const serveBuiltProject = async (folderPrefix: string): Promise<BuiltSite> => {
  const server = await startStaticServer();
  const siteDir = await mkdtemp(path.join(os.tmpdir(), folderPrefix));
  const close = async (): Promise<void> => {
    await server.close();
    await rm(siteDir, { recursive: true, force: true });
  };
  const build = await runScript("src/cli/build.ts", ["--root", frozenData().root, "--out", siteDir], {
    env: { FACTS_BASE_URL: server.url, FACTS_TODAY: frozenData().today },
  });
  if (build.code !== 0) {
    await close();
    throw new Error(`build failed:\n${build.stderr}`);
  }
  server.serve(siteDir);
  return { server, siteDir, close };
};
