import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Fact } from "../../packages/client/src/index.ts";
import { createMcpServer } from "../../src/mcp/mcp-server.ts";
import { loadSiteTree, type PublishedFact, type SiteTree, withGivenFacts } from "../../src/mcp/site-tree.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { projectCommand } from "../helpers/run-script.ts";

export interface Connection {
  client: Client;
  /** Calls a tool and returns its result, as an assistant's host would. */
  call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  /** Anything the client could not read as a protocol message (stdout must carry nothing else). */
  protocolErrors: Error[];
}

/**
 * Starts `npm run mcp` on `site` as an MCP host does, a child process spoken to over stdio, and connects the SDK's
 * own client to it. The caller closes `client`, which ends the process.
 */
export const connectToServer = async (site: string): Promise<Connection> => {
  const transport = new StdioClientTransport({
    ...projectCommand("src/cli/mcp.ts", ["--site", site]),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "facts-tests", version: "1.0.0" });
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, call, stderr: () => stderr, protocolErrors };
};

/** The text block of a tool result. */
export const textOf = (result: CallToolResult): string =>
  result.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n");

/**
 * The MCP server on the project's frozen built tree with the facts `fixtures` put in place of the tree's own (each
 * with the canonical URL the tree at `base` would give it, and its citations' registry id and kind), spoken to by the
 * SDK's own client over its in-memory transport: the calculator tools then answer from rules a test states.
 */
export const connectWithFixtures = async (
  fixtures: readonly Fact[],
  base: string,
): Promise<{ client: Client; tree: SiteTree; call: Connection["call"] }> => {
  const { out } = frozenSite();
  const loaded = await loadSiteTree(out);
  const published = fixtures.map(
    (fixture) =>
      ({
        ...fixture,
        citations: fixture.citations.map((each) => ({ ...each, org_id: "fixture", org_kind: "government" })),
        canonical_url: `${base}/api/v1/facts/by-id/${fixture.id}.json`,
      }) as unknown as PublishedFact,
  );
  const tree = withGivenFacts(loaded, published);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(tree).connect(serverSide);
  const client = new Client({ name: "facts-tests", version: "1.0.0" });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, tree, call };
};
