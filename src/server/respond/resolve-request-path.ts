export type ResolvedPath = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The site path a request target names, decoded segment by segment, or why it names none.
 *
 * Nothing is normalised: a target that would climb (`..`, `.`), smuggle a separator inside a segment (`%2f`, `%5c`, a
 * backslash) or carry a NUL is refused outright, so no spelling of a path can reach a file other than the one it
 * names literally. Files are served from a map built from the tree at startup in any case; this keeps the answer a
 * clear 400 rather than a lookup that happens to miss.
 */
export const resolveRequestPath = (target: string): ResolvedPath => {
  const end = target.search(/[?#]/);
  const raw = end === -1 ? target : target.slice(0, end);
  if (!raw.startsWith("/")) return { ok: false, reason: "the request target must be an absolute path" };
  if (raw.includes("\\")) return { ok: false, reason: "backslashes are not allowed in paths" };
  const segments = raw.split("/");
  for (let index = 1; index < segments.length; index++) {
    let segment = segments[index] ?? "";
    if (segment.includes("%")) {
      try {
        segment = decodeURIComponent(segment);
      } catch {
        return { ok: false, reason: "the path has a malformed percent-encoding" };
      }
      if (/[/\\]/.test(segment)) return { ok: false, reason: "encoded slashes and backslashes are not allowed in paths" };
    }
    if (segment.includes("\0")) return { ok: false, reason: "NUL bytes are not allowed in paths" };
    if (segment === "." || segment === "..") return { ok: false, reason: "dot segments (. and ..) are not allowed in paths" };
    segments[index] = segment;
  }
  return { ok: true, path: segments.join("/") };
};
