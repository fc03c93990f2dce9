import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_REPOSITORY } from "../../src/lib/config.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

const PACKAGE_FOLDER = "packages/mcp";

/**
 * The members packages/mcp/server.json uses, as the MCP registry's server.json schema of 2025-12-11 defines them
 * (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json), strict: a member that schema does not
 * define is refused, so none is invented here.
 */
const Argument = z.strictObject({
  type: z.enum(["named", "positional"]),
  name: z.string(),
  description: z.string(),
  isRequired: z.boolean(),
});
const ServerJson = z.strictObject({
  $schema: z.literal("https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"),
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  title: z.string().min(1).max(100),
  description: z.string().min(1).max(100),
  repository: z.strictObject({ url: z.url(), source: z.literal("github"), subfolder: z.string() }),
  version: z.string().max(255),
  packages: z.array(
    z.strictObject({
      registryType: z.literal("npm"),
      // The one npm registry the official MCP registry accepts.
      registryBaseUrl: z.literal("https://registry.npmjs.org"),
      identifier: z.string(),
      version: z.string().min(1),
      runtimeHint: z.literal("npx"),
      transport: z.strictObject({ type: z.literal("stdio") }),
      packageArguments: z.array(Argument),
    }),
  ),
});

const readJson = async (file: string): Promise<unknown> =>
  JSON.parse(await readFile(path.join(PROJECT_ROOT, PACKAGE_FOLDER, file), "utf8"));

describe("packages/mcp/server.json, the MCP server's entry in the MCP registry", () => {
  it("follows the registry's schema and names the package and version package.json states", async () => {
    const server = ServerJson.parse(await readJson("server.json"));
    const manifest = z
      .object({ name: z.string(), version: z.string(), mcpName: z.string() })
      .parse(await readJson("package.json"));
    // The registry checks that the npm package claims the server by name (mcpName) before it lists it.
    expect(server.name).toBe(manifest.mcpName);
    expect(server.version).toBe(manifest.version);
    expect(server.packages).toEqual([
      expect.objectContaining({ identifier: manifest.name, version: manifest.version }),
    ]);
  });

  it("is published under the project's GitHub namespace, from the repository and folder it lives in", async () => {
    const server = ServerJson.parse(await readJson("server.json"));
    const [owner] = DEFAULT_REPOSITORY.split("/");
    expect(server.name).toBe(`io.github.${owner}/mcp`);
    expect(server.repository).toEqual({
      url: `https://github.com/${DEFAULT_REPOSITORY}`,
      source: "github",
      subfolder: PACKAGE_FOLDER,
    });
    expect(existsSync(path.join(PROJECT_ROOT, server.repository.subfolder, "server.json"))).toBe(true);
  });

  it("declares the one argument the command takes, --site, as optional: a released package defaults to the public site", async () => {
    const server = ServerJson.parse(await readJson("server.json"));
    expect(server.packages[0]!.packageArguments).toEqual([
      expect.objectContaining({ type: "named", name: "--site", isRequired: false }),
    ]);
  });
});
