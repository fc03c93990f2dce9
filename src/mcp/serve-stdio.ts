/**
 * Starting the server: what `npm run mcp` (src/cli/mcp.ts) and the published package's command (packages/mcp) both
 * do once they know the site to serve.
 */
import path from "node:path";
import { errorMessage } from "../lib/errors.ts";
import { LineStdioServerTransport } from "./line-stdio-transport.ts";
import { createMcpServer } from "./mcp-server.ts";
import { folderSource, type SiteSource } from "./site-source.ts";
import { loadSiteTree } from "./site-tree.ts";
import { urlSource } from "./url-source.ts";

/** What `--site` holds: a URL when it starts with a scheme (`https://`), otherwise a folder. */
const URL_LIKE = /^[a-z][a-z\d+.-]*:\/\//i;

/** The source `site` names: a site's base URL (http or https), or a folder, resolved against the working directory. */
const openSiteSource = (site: string): SiteSource =>
  URL_LIKE.test(site) ? urlSource(site) : folderSource(path.resolve(site));

/**
 * Reads the tree `site` names (`--site`: the base URL of a site this project publishes, or a built tree's folder) and
 * serves it over stdio until the input closes, saying so on stderr as `<name>: serving …`; stdout carries protocol
 * messages only. A site that is not a usable tree is refused, before anything is served, with one line that starts
 * with `--site` and says what is wrong with it.
 */
export const serveOverStdio = async (site: string, name: string): Promise<void> => {
  const tree = await loadSiteTree(openSiteSource(site)).catch((error: unknown) => {
    throw new Error(`--site ${errorMessage(error)}`);
  });
  await createMcpServer(tree).connect(new LineStdioServerTransport());
  console.error(
    `${name}: serving ${tree.about.fact_count} facts from ${tree.location} (as of ${tree.upcoming.as_of}) over stdio`,
  );
};
