import { cp } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { frozenData } from "../../helpers/frozen-copy.ts";
import { tempDir } from "../../helpers/temp-dir.ts";

/** What a stand-in source answers to one request. */
export interface Answer {
  status: number;
  type: string;
  body: string | Uint8Array;
}

/**
 * A loopback HTTP server standing in for an official source for the tests of this file: started before them, closed
 * after, answering each request with what `answerFor` says for its path. `origin` is set once it listens.
 */
export const serveSource = (answerFor: (url: string) => Answer): { readonly origin: string; requested: string[] } => {
  let server: Server | undefined;
  const standIn = { origin: "", requested: [] as string[] };
  beforeAll(async () => {
    server = createServer((request, response) => {
      standIn.requested.push(request.url ?? "");
      const answer = answerFor(request.url ?? "");
      response.writeHead(answer.status, { "content-type": answer.type });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    standIn.origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return standIn;
};

/** A folder holding a copy of the repository's index-data/ to update. */
export const indexDataWorkspace = async (): Promise<string> => {
  const root = await tempDir();
  await cp(path.join(frozenData().root, "index-data"), path.join(root, "index-data"), { recursive: true });
  return root;
};
