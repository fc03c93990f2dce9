export { createMcpServer } from "./create-mcp-server.ts";
export { loadSiteTree } from "./load-site-tree.ts";
export type { SiteTree } from "./site-tree.ts";
