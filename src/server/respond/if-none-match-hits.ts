/**
 * Whether an `If-None-Match` header names this ETag, by the weak comparison RFC 9110 section 13.1.2 prescribes
 * (`W/"x"` matches `"x"`), or is `*`.
 */
export const ifNoneMatchHits = (header: string, etag: string): boolean => {
  if (header === etag) return true;
  for (const candidate of header.split(",")) {
    const tag = candidate.trim();
    if (tag === "*" || tag === etag || (tag.startsWith("W/") && tag.slice(2) === etag)) return true;
  }
  return false;
};
