import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { CACHE_CONTROL } from "../../lib/config.ts";
import { COMMON_HEADERS } from "../common-headers.ts";
import { contentTypeFor } from "./content-type-for.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text formats (HTML, JSON and `+json`, XML and `+xml`, SVG) gain from gzip and brotli; images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/[\w.+-]+|application\/([\w.+-]+\+)?(json|xml)|image\/svg\+xml)\s*(;|$)/;

/**
 * One stored form of a file, with the headers of its 200 and its 304 computed once, as the flat name/value pairs
 * `writeHead` takes as they are: a request for it costs a map lookup and one `writeHead`.
 */
export interface Representation {
  body: Buffer;
  etag: string;
  okHeaders: string[];
  notModifiedHeaders: string[];
}

/** A published file in each content coding; a coding that would not shrink it points at the identity form. */
export interface SiteFile {
  identity: Representation;
  gzip: Representation;
  br: Representation;
}

const representation = (body: Buffer, etag: string, contentType: string, coding: string | undefined, varies: boolean): Representation => {
  const validators = ["Cache-Control", CACHE_CONTROL, "ETag", etag, ...(varies ? ["Vary", "Accept-Encoding"] : [])];
  const okHeaders = [
    ...COMMON_HEADERS,
    "Content-Type",
    contentType,
    "Content-Length",
    String(body.length),
    ...(coding === undefined ? [] : ["Content-Encoding", coding]),
    ...validators,
  ];
  const notModifiedHeaders = [...COMMON_HEADERS, ...validators];
  return { body, etag, okHeaders, notModifiedHeaders };
};

/**
 * Precomputes everything a response for one file needs: the body in identity, gzip and brotli (maximum compression,
 * paid once at startup), and a strong ETag per coding. Strong validators must differ between codings of one file
 * (RFC 9110 section 8.8.3), hence the `-br` and `-gzip` suffixes on the hash of the identity bytes.
 */
export const createSiteFile = async (sitePath: string, bytes: Buffer): Promise<SiteFile> => {
  const contentType = contentTypeFor(sitePath);
  const hash = createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
  if (!COMPRESSIBLE.test(contentType) || bytes.length === 0) {
    const only = representation(bytes, `"${hash}"`, contentType, undefined, false);
    return { identity: only, gzip: only, br: only };
  }
  const [gzipBody, brBody] = await Promise.all([
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  const varies = gzipBody.length < bytes.length || brBody.length < bytes.length;
  const identity = representation(bytes, `"${hash}"`, contentType, undefined, varies);
  return {
    identity,
    gzip: gzipBody.length < bytes.length ? representation(gzipBody, `"${hash}-gzip"`, contentType, "gzip", true) : identity,
    br: brBody.length < bytes.length ? representation(brBody, `"${hash}-br"`, contentType, "br", true) : identity,
  };
};
