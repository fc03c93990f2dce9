/** RFC 6901: `~` becomes `~0` and `/` becomes `~1` inside a segment. */
export const toJsonPointer = (path: readonly PropertyKey[]): string =>
  path.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

export const fromJsonPointer = (pointer: string): string[] =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
