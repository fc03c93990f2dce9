export type Encoding = "br" | "gzip" | "identity";

/** Browsers send a handful of distinct Accept-Encoding values; remembering the answer keeps parsing off the hot path. */
const remembered = new Map<string, Encoding>();
const REMEMBER_AT_MOST = 256;

const weightsOf = (acceptEncoding: string): Map<string, number> => {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [coding = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    if (coding === "") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    weights.set(coding.toLowerCase(), weight);
  }
  return weights;
};

/**
 * The content coding to send for an `Accept-Encoding` header (RFC 9110 section 12.5.3): brotli when the client
 * takes it at least as gladly as gzip, else gzip, else the file as it is. A coding not named takes the weight of `*`.
 */
export const negotiateEncoding = (acceptEncoding: string | undefined): Encoding => {
  if (acceptEncoding === undefined || acceptEncoding === "") return "identity";
  const known = remembered.get(acceptEncoding);
  if (known !== undefined) return known;
  const weights = weightsOf(acceptEncoding);
  const any = weights.get("*") ?? 0;
  const br = weights.get("br") ?? any;
  const gzip = weights.get("gzip") ?? weights.get("x-gzip") ?? any;
  const chosen: Encoding = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
  if (remembered.size < REMEMBER_AT_MOST) remembered.set(acceptEncoding, chosen);
  return chosen;
};
