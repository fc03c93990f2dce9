import type { z } from "zod";
import {
  AffordabilityLatest,
  AffordabilitySeries,
  DiffIndex,
  ErrorBody,
  FactDiff,
  LlmCatalog,
  Manifest,
  SearchIndex,
  Upcoming,
} from "./endpoint-schemas.ts";
import { type Domain, type Fact, FactCatalog, SeriesResponse, SingleFactResponse } from "./fact-schemas.ts";
import { parseBaseUrl, SITE_PATHS } from "./site-paths.ts";
import type { SingleFactResponse as TypedSingleFactResponse } from "./typed-fact.ts";
import { type Jwk, verifyManifest } from "./verify-manifest.ts";

/**
 * A request the client could not turn into the data it promises: no answer came (a network failure: `status` is
 * undefined), the server answered with an error status (its JSON error body in `body` when it sent one), or the
 * answer did not match the published schema (`issues`). `url` is always the URL asked.
 */
export class FactsClientError extends Error {
  override readonly name = "FactsClientError";
  readonly url: string;
  readonly status: number | undefined;
  readonly body: ErrorBody | undefined;
  readonly issues: Array<{ path: string; message: string }>;

  constructor(
    message: string,
    details: { url: string; status?: number; body?: ErrorBody; issues?: Array<{ path: string; message: string }> },
  ) {
    super(message);
    this.url = details.url;
    this.status = details.status;
    this.body = details.body;
    this.issues = details.issues ?? [];
  }
}

export interface FactsClientOptions {
  /** Origin the API is published at, e.g. `https://facts.example.org`. */
  baseUrl: string;
  /** A Fetch API implementation; the global `fetch` by default. */
  fetch?: typeof globalThis.fetch;
}

interface Cached {
  etag: string;
  body: string;
}

/**
 * A typed client of every published endpoint. Each answer is validated against the published schema before it is
 * returned, so a caller never works on data of the wrong shape. Answers are kept with their `ETag` and revalidated
 * with `If-None-Match`: a `304 Not Modified` costs no download and returns the kept answer.
 */
export const createFactsClient = (options: FactsClientOptions) => {
  const origin = parseBaseUrl(options.baseUrl, "baseUrl");
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const cache = new Map<string, Cached>();

  /** The answer's text: fetched, or the kept copy when the server says it has not changed. */
  const fetchText = async (path: string): Promise<{ url: string; text: string }> => {
    const url = `${origin}${path}`;
    const kept = cache.get(url);
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: kept ? { "if-none-match": kept.etag } : {} });
    } catch (error: unknown) {
      // A refused connection, a DNS failure or an abort: no answer at all, said with the URL that was asked.
      const reason =
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
          : String(error);
      throw new FactsClientError(`GET ${url} failed: ${reason}`, { url });
    }
    if (response.status === 304 && kept) return { url, text: kept.body };
    const text = await response.text();
    if (!response.ok) {
      let body: ErrorBody | undefined;
      try {
        const parsed = ErrorBody.safeParse(JSON.parse(text));
        if (parsed.success) body = parsed.data;
      } catch {
        // Not JSON: a proxy's or CDN's own error page; the status says what happened.
      }
      throw new FactsClientError(`GET ${url} answered ${response.status}${body ? `: ${body.message}` : ""}`, {
        url,
        status: response.status,
        ...(body ? { body } : {}),
      });
    }
    const etag = response.headers.get("etag");
    if (etag) cache.set(url, { etag, body: text });
    return { url, text };
  };

  const parseJson = <Schema extends z.ZodType>(url: string, text: string, schema: Schema): z.infer<Schema> => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new FactsClientError(`GET ${url} did not answer JSON`, { url });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: `/${issue.path.map(String).join("/")}`,
        message: issue.message,
      }));
      throw new FactsClientError(
        `GET ${url} answered data that does not match the published schema: ${issues[0]!.path} ${issues[0]!.message}`,
        {
          url,
          issues,
        },
      );
    }
    return parsed.data;
  };

  const fetchJson = async <Schema extends z.ZodType>(path: string, schema: Schema): Promise<z.infer<Schema>> => {
    const { url, text } = await fetchText(path);
    return parseJson(url, text, schema);
  };

  const fact = (id: string) => fetchJson(SITE_PATHS.factById(encodeURIComponent(id)), SingleFactResponse);
  const series = (name: string) => fetchJson(SITE_PATHS.series(encodeURIComponent(name)), SeriesResponse);

  /**
   * The fact a name stands for: a fact id answers that fact; otherwise the name is tried as a yearly series, which
   * answers its member in force, with the series in `series`. Only a 404 for the id leads to the series: any other
   * failure is thrown as it came.
   */
  const resolve = async (name: string): Promise<ResolvedFact> => {
    try {
      return { fact: (await fact(name)).fact, series: undefined };
    } catch (error: unknown) {
      if (!(error instanceof FactsClientError) || error.status !== 404) throw error;
      let answer: SeriesResponse;
      try {
        answer = await series(name);
      } catch (seriesError: unknown) {
        if (!(seriesError instanceof FactsClientError) || seriesError.status !== 404) throw seriesError;
        throw new FactsClientError(
          `"${name}" is neither a fact id nor a series name: ${error.message}; ${seriesError.message}`,
          {
            url: seriesError.url,
            status: 404,
            ...(error.body ? { body: error.body } : {}),
          },
        );
      }
      if (answer.fact === null) {
        throw new FactsClientError(
          `series "${name}" has no member in force on ${answer.as_of}: every member is superseded (see its members)`,
          {
            url: `${origin}${SITE_PATHS.series(encodeURIComponent(name))}`,
          },
        );
      }
      return { fact: answer.fact, series: answer };
    }
  };

  return {
    baseUrl: origin,
    /** Every fact with its `history`; its citations without their quotes and notes, which `fact(id)` has. */
    catalog: () => fetchJson(SITE_PATHS.catalog, FactCatalog),
    /** The facts of one domain, as the catalog carries them. */
    domain: (domain: Domain) => fetchJson(SITE_PATHS.domainBundle(domain), FactCatalog),
    /**
     * One fact with its `history` and its citations' quotes and notes; a 404 for an unknown id carries the known ids in
     * `error.body.known_ids`.
     */
    fact: <Id extends string>(id: Id): Promise<TypedSingleFactResponse<Id>> =>
      // The response is validated against the published schema; its value's type is that of the id's value schema.
      fact(id) as Promise<TypedSingleFactResponse<Id>>,
    /**
     * A yearly series by its stable name (e.g. `bc.rent_cap`): the member in force on the build date as `fact` (null
     * when every member is superseded) and every member's id, year and dates in `members`, newest first.
     */
    series,
    resolve,
    llms: () => fetchJson(SITE_PATHS.llms, LlmCatalog),
    manifest: () => fetchJson(SITE_PATHS.manifest, Manifest),
    /**
     * The manifest, returned only when its Ed25519 signature (`manifest.json.sig`) verifies against one of the keys
     * given: pass the keys you trust (the repository's `keys/jwks.json`), not keys fetched from the same host.
     */
    signedManifest: async (jwks: { keys: Jwk[] }) => {
      const manifest = await fetchText(SITE_PATHS.manifest);
      const signature = await fetchText(`${SITE_PATHS.manifest}.sig`);
      const verdict = await verifyManifest(new TextEncoder().encode(manifest.text), signature.text, jwks);
      if (!verdict.ok) throw new FactsClientError(`${manifest.url}: ${verdict.reason}`, { url: signature.url });
      return { manifest: parseJson(manifest.url, manifest.text, Manifest), kid: verdict.kid };
    },
    searchIndex: () => fetchJson(SITE_PATHS.searchIndex, SearchIndex),
    upcoming: () => fetchJson(SITE_PATHS.upcoming, Upcoming),
    diffIndex: () => fetchJson(SITE_PATHS.diffIndex, DiffIndex),
    diff: (id: string, from: number, to: number) =>
      fetchJson(SITE_PATHS.diff(encodeURIComponent(id), from, to), FactDiff),
    affordabilityIndex: () => fetchJson(SITE_PATHS.affordabilityIndex, AffordabilitySeries),
    affordabilityLatest: () => fetchJson(SITE_PATHS.affordabilityLatest, AffordabilityLatest),
    /** The RSS 2.0 feed as text (docs/consumers/api.md#feeds). */
    feed: async () => (await fetchText(SITE_PATHS.feed)).text,
    /** Any published file as text, e.g. the OpenAPI description; revalidated like the others. */
    text: async (path: string) => (await fetchText(path.startsWith("/") ? path : `/${path}`)).text,
  };
};

export type FactsClient = ReturnType<typeof createFactsClient>;

/** What `resolve` answers: the fact, and the series it was found through when the name was a series name. */
export interface ResolvedFact {
  fact: Fact;
  /** The series answer when the name was a series (its `fact` is `fact`); undefined when the name was a fact id. */
  series: SeriesResponse | undefined;
}
