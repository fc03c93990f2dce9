/** The first stage: the built tree read into memory, each file with its encodings, validators and response headers. */
export type { SiteFile } from "./create-site-file.ts";
export { loadSite, type Site } from "./load-site.ts";
