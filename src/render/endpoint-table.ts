import { ENDPOINTS, type Endpoint } from "./endpoints.ts";

/** The files, from the repository root, whose endpoint table is generated from the records. */
export const ENDPOINT_TABLE_FILES = ["README.md"] as const;

/** The comment before the README's generated endpoint table, and the one after it. */
export const ENDPOINT_TABLE_START =
  "<!-- endpoints:start (generated from src/render/endpoints.ts by `npm run docs:endpoints`: edit the records, not this table) -->";
export const ENDPOINT_TABLE_END = "<!-- endpoints:end -->";

/** The README's table of the endpoints declared by a record: a row each, in the records' order. */
export const endpointTable = (endpoints: readonly Endpoint[] = ENDPOINTS): string =>
  [
    "| path | returns |",
    "|---|---|",
    ...endpoints.map((endpoint) => `| \`${endpoint.path}\` | ${endpoint.readme.replaceAll("|", "\\|")} |`),
  ].join("\n");

/**
 * `markdown` with the text between its endpoint table's two comments replaced by the generated table, or an error
 * when the comments are not there once each, in order.
 */
export const withEndpointTable = (markdown: string, table: string = endpointTable()): string => {
  const start = markdown.indexOf(ENDPOINT_TABLE_START);
  const end = markdown.indexOf(ENDPOINT_TABLE_END);
  if (
    start < 0 ||
    end < start ||
    markdown.indexOf(ENDPOINT_TABLE_START, start + 1) >= 0 ||
    markdown.indexOf(ENDPOINT_TABLE_END, end + 1) >= 0
  )
    throw new Error(
      `the endpoint table must sit between one "${ENDPOINT_TABLE_START}" and one "${ENDPOINT_TABLE_END}"`,
    );
  return `${markdown.slice(0, start + ENDPOINT_TABLE_START.length)}\n${table}\n${markdown.slice(end)}`;
};
