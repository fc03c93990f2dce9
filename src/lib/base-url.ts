/**
 * An absolute http(s) origin, with any path, without its trailing slash: what every published URL is built from
 * and what a consumer of the tree is pointed at. `name` says in a refusal which setting was wrong.
 */
export const parseBaseUrl = (raw: string, name: string): string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`${name} must use http or https, got "${raw}"`);
  return url.href.replace(/\/+$/, "");
};
