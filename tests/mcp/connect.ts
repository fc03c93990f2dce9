import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
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
