import { compareText, toJsonPointer } from "../lib/text.ts";
import { citationLists } from "../model/index.ts";
import type { CitationKind, FactFile } from "../schemas/index.ts";
import { decodePage, EXTRACTION_LIMITS, ExtractionLimitError, type ExtractionLimits, htmlText, pdfText, plainText, textKindOf } from "./extract-text.ts";
import type { FetchResult, RedirectHop } from "./fetch-source.ts";
import { matchQuote, textFingerprint } from "./match-quote.ts";

/** One citation to check, located in its fact file by JSON Pointer (`/citations/0`, `/scheduled/0/citations/1`). */
export interface CitedSource {
  factId: string;
  pointer: string;
  url: string;
  kind?: CitationKind;
  quote?: string;
}

/**
 * - `quote-found`: the page still contains the quote;
 * - `quote-gone`: the page answers but no longer contains it (the closest passage is given);
 * - `page-ok`: the page answers; the citation has no quote to look for;
 * - `page-gone`: 404, 410, another 4xx, no such host, or a redirect that leads nowhere checkable;
 * - `unverified`: no verdict (refused, timed out, a server error, a format that cannot be read, a page too large to
 *   read whole whose part read lacks the quote, a PDF stopped at the reader's memory or time limit).
 */
export type SourceVerdict = "quote-found" | "quote-gone" | "page-ok" | "page-gone" | "unverified";

export interface PageState {
  /** `first-seen` when no earlier check read this page. */
  change: "first-seen" | "unchanged" | "changed";
  /** The last day the page's text was seen to change (or was first read). */
  since: string;
}

export interface SourceFinding {
  source: CitedSource;
  verdict: SourceVerdict;
  detail: string;
  redirects: RedirectHop[];
  closest?: { passage: string; similarity: number };
  page?: PageState;
}

/** What the previous run read of each page: its text's fingerprint, and when that last changed. */
export interface FingerprintStore {
  version: 1;
  pages: Record<string, { sha256: string; checked_iso: string; changed_iso: string }>;
}

export const emptyFingerprints = (): FingerprintStore => ({ version: 1, pages: {} });

/** Every citation of every fact, the scheduled changes' included, in file order. */
export const citedSources = (facts: readonly FactFile[]): CitedSource[] =>
  facts.flatMap((fact) =>
    citationLists(fact).flatMap(({ path, citations }) =>
      citations.map((citation, index) => ({
        factId: fact.id,
        pointer: toJsonPointer([...path, index]),
        url: citation.url,
        kind: citation.kind,
        quote: citation.quote,
      })),
    ),
  );

/**
 * Runs `task` over the items with at most `concurrency` at once and never two for one host at the same time: each
 * worker takes all of one host's addresses in turn, so no site sees more than one request from us at a time.
 */
export const forEachPolitely = async (urls: readonly string[], concurrency: number, task: (url: string) => Promise<void>): Promise<void> => {
  const byHost = new Map<string, string[]>();
  for (const url of urls) {
    const host = new URL(url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), url]);
  }
  const queues = [...byHost.values()];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queues.length) {
      for (const url of queues[next++]!) await task(url);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queues.length) }, worker));
};

type PageReading =
  | { ok: true; text: string; truncated: boolean; maxBytes: number; cut?: string; redirects: RedirectHop[] }
  | { ok: false; verdict: "page-gone" | "unverified"; detail: string; redirects: RedirectHop[] };

/** The text of a fetched page (with the limit that cut it, if one did), or why there is none. */
const readPage = async (result: FetchResult, limits: ExtractionLimits): Promise<PageReading> => {
  if (result.outcome !== "page")
    return { ok: false, verdict: result.outcome === "gone" ? "page-gone" : "unverified", detail: result.detail, redirects: result.redirects };
  const kind = textKindOf(result.contentType, result.body);
  if (kind === undefined)
    return {
      ok: false,
      verdict: "unverified",
      detail: `${result.contentType ?? "no Content-Type"}: not a format whose text can be read`,
      redirects: result.redirects,
    };
  try {
    const { text, cut } =
      kind === "pdf"
        ? await pdfText(result.body, limits)
        : kind === "html"
          ? htmlText(decodePage(result.body, result.contentType, "html"), limits)
          : plainText(decodePage(result.body, result.contentType, "text"), limits);
    return { ok: true, text, truncated: result.truncated, maxBytes: result.maxBytes, ...(cut ? { cut } : {}), redirects: result.redirects };
  } catch (error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    const what = kind === "pdf" ? "PDF" : "page";
    return {
      ok: false,
      verdict: "unverified",
      detail:
        error instanceof ExtractionLimitError
          ? `the ${what} was not read: ${reason}`
          : `the ${what} could not be read${result.truncated ? " (cut at the size limit)" : ""}: ${reason}`,
      redirects: result.redirects,
    };
  }
};

const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export interface SourceCheck {
  findings: SourceFinding[];
  fingerprints: FingerprintStore;
}

/**
 * Fetches every cited address once (politely: see forEachPolitely), reads its text, and gives each citation a
 * verdict. Fingerprints of the pages read are compared with the previous run's, so a page that changed is flagged
 * even where its quote survived; pages no longer cited are dropped from the store.
 */
export const checkSources = async (
  facts: readonly FactFile[],
  options: {
    fetch: (url: string) => Promise<FetchResult>;
    today: string;
    previous?: FingerprintStore;
    concurrency?: number;
    /** How much of each page is read (tests lower them); EXTRACTION_LIMITS by default. */
    limits?: ExtractionLimits;
  },
): Promise<SourceCheck> => {
  const sources = citedSources(facts);
  const urls = [...new Set(sources.map((source) => source.url))].sort(compareText);
  const readings = new Map<string, PageReading>();
  await forEachPolitely(urls, options.concurrency ?? 4, async (url) => {
    readings.set(url, await readPage(await options.fetch(url), options.limits ?? EXTRACTION_LIMITS));
  });

  const previous = options.previous ?? emptyFingerprints();
  const fingerprints = emptyFingerprints();
  const pageStates = new Map<string, PageState>();
  for (const url of urls) {
    const reading = readings.get(url)!;
    const before = previous.pages[url];
    if (!reading.ok) {
      if (before) fingerprints.pages[url] = before;
      continue;
    }
    const sha256 = textFingerprint(reading.text);
    const change: PageState["change"] = before === undefined ? "first-seen" : before.sha256 === sha256 ? "unchanged" : "changed";
    const since = change === "unchanged" ? before!.changed_iso : options.today;
    fingerprints.pages[url] = { sha256, checked_iso: options.today, changed_iso: since };
    pageStates.set(url, { change, since });
  }

  const findings = sources.map((source): SourceFinding => {
    const reading = readings.get(source.url)!;
    if (!reading.ok) return { source, verdict: reading.verdict, detail: reading.detail, redirects: reading.redirects };
    const page = pageStates.get(source.url)!;
    const base = { source, redirects: reading.redirects, page };
    if (source.quote === undefined) return { ...base, verdict: "page-ok", detail: "answers; no quote to look for" };
    const match = matchQuote(reading.text, source.quote);
    if (match.found) return { ...base, verdict: "quote-found", detail: "the quote is on the page" };
    if (reading.truncated) {
      return {
        ...base,
        verdict: "unverified",
        detail: `the page is larger than ${megabytes(reading.maxBytes)} and the quote is not in the part read`,
        closest: match.closest,
      };
    }
    if (reading.cut) return { ...base, verdict: "unverified", detail: `${reading.cut} and the quote is not in them`, closest: match.closest };
    return { ...base, verdict: "quote-gone", detail: "the page no longer contains the quote", closest: match.closest };
  });
  return { findings, fingerprints };
};
