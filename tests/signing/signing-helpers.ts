import { createHash, generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach } from "vitest";
import { createStaticServer } from "../../src/server/static-server.ts";
import { runScript, type ScriptResult } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

export interface TestKey {
  /** The private key as FACTS_SIGNING_KEY holds it: PKCS#8 PEM. */
  pem: string;
  publicKey: KeyObject;
  /**
   * The public key as a committed key set lists it, its kid computed here by hand from RFC 7638, not by the code under
   * test.
   */
  jwk: { kty: "OKP"; crv: "Ed25519"; x: string; kid: string; alg: "EdDSA"; use: "sig" };
}

/** RFC 7638 for an OKP key: SHA-256 of the required members in lexicographic order, no whitespace, base64url. */
export const thumbprintByHand = (x: string): string =>
  createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest("base64url");

export const newTestKey = (): TestKey => {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const x = publicKey.export({ format: "jwk" }).x!;
  return {
    pem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    publicKey,
    jwk: { kty: "OKP", crv: "Ed25519", x, kid: thumbprintByHand(x), alg: "EdDSA", use: "sig" },
  };
};

/** A folder that lives until the test file ends, for trees built once and read by every test. */
export const folderForThisFile = async (): Promise<string> => {
  const folder = await mkdtemp(path.join(os.tmpdir(), "facts-signing-"));
  afterAll(() => rm(folder, { recursive: true, force: true }));
  return folder;
};

/**
 * The project's own server (`npm run serve`) on `tree`, on 127.0.0.1 until the test file ends; it precompresses every
 * file, so it is started once.
 */
export const serveWithProjectServer = async (tree: string): Promise<string> => {
  const server = await createStaticServer({ root: tree });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** Answers a request itself, or returns false to let the file be served. */
export type Override = (request: IncomingMessage, response: ServerResponse) => boolean;

const running: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of running.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/**
 * A plain static host on 127.0.0.1 for a copy of `tree`, changed by `alter` first: files by their exact path, 404
 * for anything else, as a CDN serves the tree. `override` plays a host that misbehaves. Stopped after the test.
 */
export const serveCopy = async (
  tree: string,
  alter: (root: string) => Promise<void> = async () => {},
  override: Override = () => false,
): Promise<string> => {
  const root = await tempDir(tree);
  await alter(root);
  const server = createServer((request, response) => {
    if (override(request, response)) return;
    const file = path.join(root, decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname));
    const inside = file.startsWith(`${root}${path.sep}`);
    (inside ? readFile(file) : Promise.reject(new Error("outside the tree"))).then(
      (bytes) => response.end(bytes),
      () => response.writeHead(404).end(),
    );
  });
  running.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** `npm run verify-site -- ORIGIN --keys FILE`, as a real process. */
export const verifySite = (origin: string, keysFile: string, ...more: string[]): Promise<ScriptResult> =>
  runScript("src/cli/verify-site.ts", [origin, "--keys", keysFile, ...more]);
