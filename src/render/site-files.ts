/** The published tree: absolute URL path ("/api/v1/...") to file content. */
export type SiteFiles = Map<string, string | Uint8Array>;

/** JSON as published: compact, to keep payloads within their budgets (docs/maintainers/payload-budgets.md), with a final newline. */
export const jsonText = (value: unknown): string => `${JSON.stringify(value)}\n`;
