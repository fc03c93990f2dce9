export { createMcpServer } from "./create-mcp-server.ts";
export { LineStdioServerTransport, MAX_MESSAGE_BYTES } from "./line-stdio-transport.ts";
export { loadSiteTree } from "./load-site-tree.ts";
export type { SiteTree } from "./site-tree.ts";
