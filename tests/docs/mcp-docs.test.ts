import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/mcp-server.ts";
import { loadSiteTree } from "../../src/mcp/site-tree.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

/** The names of the tools the server lists, as a host sees them. */
let tools: string[];

beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(await loadSiteTree(frozenSite().out)).connect(serverSide);
  const client = new Client({ name: "facts-tests", version: "1.0.0" });
  await client.connect(clientSide);
  tools = (await client.listTools()).tools.map((tool) => tool.name);
  await client.close();
});

const read = (file: string) => readFile(path.join(PROJECT_ROOT, file), "utf8");

describe("the MCP server's documentation", () => {
  it("opens docs/consumers/mcp.md with the count of the tools and every tool's name, and has a row for each in its table", async () => {
    const page = await read("docs/consumers/mcp.md");
    const opening = page.slice(0, page.indexOf("\n## "));
    expect(opening).toMatch(new RegExp(`read-only tools, ${tools.length}\\s+of\\s+them`));
    const tableRows = page.split("\n").filter((line) => /^\| `[a-z_]+` \|/.test(line));
    expect(tableRows.map((row) => row.split("`")[1]).sort()).toEqual([...tools].sort());
    for (const tool of tools) expect(opening, tool).toContain(`\`${tool}\``);
  });

  it("names every tool in the package's README", async () => {
    const readme = await read("packages/mcp/README.md");
    for (const tool of tools) expect(readme, tool).toContain(`\`${tool}\``);
  });
});
