import type { Urls } from "../../../lib/config.ts";

/**
 * A published address relative to the pages, which all sit at the root of the tree: links keep working when the
 * tree is served under another host or path than FACTS_BASE_URL (a preview, a mirror, `npm start` on another port).
 */
export const sitePath = (urls: Urls, absolute: string): string => {
  if (absolute === urls.catalogPage) return "./";
  if (absolute.startsWith(`${urls.base}/#`)) return `./${absolute.slice(urls.base.length + 1)}`;
  return absolute.startsWith(`${urls.base}/`) ? absolute.slice(urls.base.length + 1) : absolute;
};
