import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import pMap from "p-map";
import { z } from "zod";
import { errorMessage } from "../lib/errors.ts";
import { readJsonFile, writeFileAtomic } from "../lib/json-file.ts";
import { compareText, toJsonPointer } from "../lib/text.ts";
import { citationLists } from "../model/facts.ts";
import type { CitationKind, FactFile } from "../schemas/index.ts";
import {
  decodePage,
  EXTRACTION_LIMITS,
  ExtractionLimitError,
  type ExtractionLimits,
  htmlText,
  pdfText,
  plainText,
  textKindOf,
} from "./extract-text.ts";
import type { FetchResult, RedirectHop } from "./fetch-source.ts";

/*
 * Checking cited sources: every citation of every fact is fetched (fetch-source.ts), its text read
 * (extract-text.ts), its quote looked for, and each page's fingerprint compared with the previous run's, kept in a
 * JSON file between runs. The verdicts and their one-line descriptions are shared by `npm run sources` and the
 * re-verification workflow.
 */

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
const FingerprintStore = z.strictObject({
  version: z.literal(1),
  pages: z.record(
    z.string(),
    z.strictObject({
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      checked_iso: z.iso.date(),
      changed_iso: z.iso.date(),
    }),
  ),
});
export type FingerprintStore = z.infer<typeof FingerprintStore>;

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
export const forEachPolitely = async (
  urls: readonly string[],
  concurrency: number,
  task: (url: string) => Promise<void>,
): Promise<void> => {
  const byHost = Map.groupBy(urls, (url) => new URL(url).host);
  await pMap(
    byHost.values(),
    async (queue) => {
      for (const url of queue) await task(url);
    },
    { concurrency },
  );
};

type PageReading =
  | { ok: true; text: string; truncated: boolean; maxBytes: number; cut?: string; redirects: RedirectHop[] }
  | { ok: false; verdict: "page-gone" | "unverified"; detail: string; redirects: RedirectHop[] };

/** The text of a fetched page (with the limit that cut it, if one did), or why there is none. */
const readPage = async (result: FetchResult, limits: ExtractionLimits): Promise<PageReading> => {
  if (result.outcome !== "page")
    return {
      ok: false,
      verdict: result.outcome === "gone" ? "page-gone" : "unverified",
      detail: result.detail,
      redirects: result.redirects,
    };
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
    return {
      ok: true,
      text,
      truncated: result.truncated,
      maxBytes: result.maxBytes,
      ...(cut ? { cut } : {}),
      redirects: result.redirects,
    };
  } catch (error: unknown) {
    const reason = errorMessage(error);
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
    const change: PageState["change"] =
      before === undefined ? "first-seen" : before.sha256 === sha256 ? "unchanged" : "changed";
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
    if (reading.cut)
      return {
        ...base,
        verdict: "unverified",
        detail: `${reading.cut} and the quote is not in them`,
        closest: match.closest,
      };
    return { ...base, verdict: "quote-gone", detail: "the page no longer contains the quote", closest: match.closest };
  });
  return { findings, fingerprints };
};

/**
 * Text as compared: Unicode compatibility forms, typographic quotes, dashes and spaces made plain, runs of white space
 * collapsed. Case is kept; matching is case-insensitive on top of it. Pages retype apostrophes and dashes without
 * changing what they say, and a quote should survive that.
 */
export const normalizeText = (text: string): string =>
  text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00ad\u200b-\u200d\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** A fingerprint of a page's text, so the next check can say whether the page changed. */
export const textFingerprint = (text: string): string => createHash("sha256").update(normalizeText(text)).digest("hex");

/** A quote may join passages of one page with an ellipsis; each passage must be found, in order. */
const passagesOf = (quote: string): string[] =>
  normalizeText(quote)
    .split(/\s*(?:\u2026|\.\.\.)\s*/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

export interface QuoteMatch {
  found: boolean;
  /** When not found: the passage of the page most like the quote, and how alike they are (0 to 1). */
  closest?: { passage: string; similarity: number };
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}$%.,']+/gu) ?? [];

/** Dice coefficient of two bags of words: 1 when they hold the same words, 0 when none is shared. */
const similarity = (a: readonly string[], counts: Map<string, number>, size: number): number => {
  const remaining = new Map(counts);
  let shared = 0;
  for (const word of a) {
    const left = remaining.get(word) ?? 0;
    if (left > 0) {
      shared++;
      remaining.set(word, left - 1);
    }
  }
  return (2 * shared) / (a.length + size);
};

/** The window of the page, as long as the quote, that shares the most words with it. */
const closestPassage = (page: string, quote: string): { passage: string; similarity: number } => {
  const pageWords = normalizeText(page).split(" ");
  const quoteWords = words(quote);
  const counts = new Map<string, number>();
  for (const word of quoteWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  const width = Math.max(1, Math.min(pageWords.length, normalizeText(quote).split(" ").length));
  let best = { start: 0, score: -1 };
  for (let start = 0; start + width <= pageWords.length; start++) {
    const window = pageWords.slice(start, start + width).flatMap((word) => words(word));
    const score = similarity(window, counts, quoteWords.length);
    if (score > best.score) best = { start, score };
  }
  return {
    passage: pageWords.slice(best.start, best.start + width).join(" "),
    similarity: Math.round(Math.max(0, best.score) * 100) / 100,
  };
};

/**
 * Whether the page's text still contains the quote (every passage, in order, case-insensitively), and if not, what is
 * closest.
 */
export const matchQuote = (pageText: string, quote: string): QuoteMatch => {
  const page = normalizeText(pageText).toLowerCase();
  let from = 0;
  for (const passage of passagesOf(quote)) {
    const at = page.indexOf(passage.toLowerCase(), from);
    if (at === -1) return { found: false, closest: closestPassage(pageText, quote) };
    from = at + passage.length;
  }
  return { found: true };
};

export const VERDICT_TEXT: Record<SourceVerdict, string> = {
  "quote-found": "quote found",
  "quote-gone": "QUOTE GONE",
  "page-ok": "answers",
  "page-gone": "PAGE GONE",
  unverified: "unverified",
};

/** Whether a finding needs a person: the cited text or the page itself is gone. */
export const needsAttention = (finding: SourceFinding): boolean =>
  finding.verdict === "quote-gone" || finding.verdict === "page-gone";

/** "page unchanged since 2026-11-23", "page changed since the last check", "page read for the first time". */
export const describePage = (finding: SourceFinding): string | undefined => {
  if (!finding.page) return undefined;
  if (finding.page.change === "first-seen") return "page read for the first time";
  if (finding.page.change === "changed") return "page changed since the last check";
  return `page unchanged since ${finding.page.since}`;
};

/** One line per finding for the command's output; the closest passage is quoted on the line after. */
export const describeFinding = (finding: SourceFinding): string => {
  const { source } = finding;
  const notes = [
    finding.verdict === "quote-found" || finding.verdict === "page-ok" ? undefined : finding.detail,
    describePage(finding),
    ...finding.redirects.map((hop) => `${hop.status} to ${hop.to}`),
  ].filter(Boolean);
  const head = `${VERDICT_TEXT[finding.verdict].padEnd(11)} ${source.factId} ${source.pointer} ${source.url}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
  return finding.closest && finding.verdict !== "quote-found"
    ? `${head}\n            closest passage now (similarity ${finding.closest.similarity}): "${finding.closest.passage}"`
    : head;
};

/**
 * The fingerprints of the previous run; none when the file does not exist yet. A damaged file is an error, never a
 * fresh start.
 */
export const readFingerprints = async (file: string): Promise<FingerprintStore> => {
  try {
    return (await readJsonFile(file, FingerprintStore, { absentAllowed: true })) ?? emptyFingerprints();
  } catch (error: unknown) {
    throw new Error(`${errorMessage(error)}; restore it or delete it to start the fingerprints afresh`);
  }
};

/** Replaces the file whole (see writeFileAtomic): a reader sees the old fingerprints or the new. */
export const writeFingerprints = async (file: string, store: FingerprintStore): Promise<void> => {
  await mkdir(path.dirname(file), { recursive: true });
  writeFileAtomic(file, `${JSON.stringify(store, null, 2)}\n`);
};
