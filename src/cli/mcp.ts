import { parseArgs } from "node:util";
import { runCommand } from "../lib/command.ts";
import { serveOverStdio } from "../mcp/serve-stdio.ts";

/**
 * `npm run mcp`: a Model Context Protocol server over stdio for AI assistants, answering from a built tree
 * (`--site`, default `_site`, what `npm run build` writes) or from a site that publishes one (`--site URL`): its small
 * files (manifest, search index, upcoming list, places index) are read at start, each fact's, series' and place's
 * file when a tool call first needs it. stdout carries only protocol messages; everything else goes to stderr. A line
 * that is not a JSON-RPC message, or is longer than the limit, is answered with a JSON-RPC error and the server goes
 * on reading (see LineStdioServerTransport). The published package's command (packages/mcp) serves the same way.
 */
const main = async (): Promise<void> => {
  const { values } = parseArgs({ options: { site: { type: "string", default: "_site" } }, strict: true });
  await serveOverStdio(values.site, "mcp");
};

runCommand("mcp", main);
