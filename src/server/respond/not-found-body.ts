import { SITE_PATHS } from "../../lib/site-paths.ts";
import type { ErrorDetails } from "../../schemas/error-body.ts";
import type { Site } from "../site/index.ts";

/**
 * The JSON body of a 404. A miss under `SITE_PATHS.byIdPrefix` (`/api/v1/facts/by-id/`) is an unknown fact id
 * (docs/consumers/api.md#errors): the body says so and lists the ids the catalog has, so a client with a typo sees the right
 * spelling; a known id asked for without `.json` is told where it is.
 */
export const notFoundBody = (site: Site, requestPath: string, sitePath: string): ErrorDetails => {
  const name = sitePath.startsWith(SITE_PATHS.byIdPrefix) ? sitePath.slice(SITE_PATHS.byIdPrefix.length) : "";
  if (site.factIds.includes(name)) {
    return { error: "not_found", message: `a fact is served with a .json extension: ${SITE_PATHS.factById(name)}`, path: requestPath };
  }
  const id = name.endsWith(".json") ? name.slice(0, -".json".length) : "";
  if (id !== "" && !id.includes("/")) {
    return {
      error: "not_found",
      message: `"${id}" is not one of the catalog's ${site.factIds.length} fact ids (known_ids lists them)`,
      path: requestPath,
      known_ids: site.factIds,
    };
  }
  return { error: "not_found", message: `nothing is published at ${sitePath}`, path: requestPath };
};
