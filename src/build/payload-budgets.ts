import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { errorMessage } from "../lib/errors.ts";
import { type BudgetLimit, endpointOf } from "../render/endpoints.ts";
import { DOMAINS } from "../schemas/index.ts";

/**
 * Payload budgets of a built tree, measured as a consumer receives each file: gzip-compressed. The approximate sizes
 * the service promises were stated for a catalog of a given size, so the budgets of the files that list every fact
 * grow with the number of facts, counted in the tree itself; adding a fact never needs a budget edited by hand.
 * docs/maintainers/payload-budgets.md gives each budget's reason.
 */

/** zlib's default level, which servers compressing with zlib use unless told otherwise. */
export const GZIP_LEVEL = 6;

/** Sizes are in kilobytes of 1,000 bytes. */
export const KB = 1000;

/** The number of facts the approximate sizes of the catalog, llms.json, the feed and the search index were set for. */
export const REFERENCE_FACTS = 36;
/** The number of facts the approximate size of a domain bundle was set for. */
export const REFERENCE_BUNDLE_FACTS = 12;

/**
 * Per 36 facts, scaled by the tree's own fact count, and never below the single-fact limit (a catalog of one fact is a
 * single fact in an envelope).
 */
const PER_CATALOG = { catalog: 50 * KB, llms: 40 * KB, feed: 30 * KB, searchIndex: 40 * KB } as const;
/**
 * Per 12 facts of the bundle's domain, never below the floor: a small bundle is mostly its envelope and a few large
 * facts.
 */
const BUNDLE = { per12: 15 * KB, floor: 5 * KB } as const;
/**
 * The catalog page's frame, whatever the number of facts: its head, header, search box, filters and footer. The page's
 * list of facts may weigh what the catalog may.
 */
const CATALOG_PAGE_FRAME = 5 * KB;
/** Fixed, whatever the number of facts: a single fact describes one fact, and the icon is drawn once. */
const FIXED = { singleFact: 5 * KB, favicon: 1 * KB } as const;
/**
 * A yearly series file: the member in force, which may weigh what a single fact may, plus an allowance for each
 * member in brief (its id, label, dates and URL), counted in the file.
 */
const SERIES = { perMember: 256 } as const;
/**
 * A period of a fact's timeline recorded from sources before its first version (an entry of `history` without a
 * version): a rule in force once, with its value and dates, and where a fact's full record is given (a single fact, a
 * series) its quoted sources. The approximate sizes were set for facts whose history began with their first version, so
 * each such period adds its allowance to the file that carries it, counted in the file.
 */
const EARLIER = { withSources: 512, inBrief: 128 } as const;
/**
 * The manifest: its fixed part (endpoints, domain and id lists), plus an allowance for each entry of its `files`
 * list. An entry's SHA-256, 64 hexadecimal characters, is random, so gzip can at best halve it; the rest of the
 * allowance is for the entry's path and size.
 */
const MANIFEST = { fixed: 3 * KB, perFile: 64 } as const;
/**
 * A calendar or Atom feed of dated events (changes, lapses, upcoming): its head, plus an allowance for each event or
 * entry, counted in the file. The number of events follows the revisions and the dates ahead, not only the facts, so
 * the limit holds each event's size, whatever their number: a summary that grows past a few sentences is caught.
 */
const EVENT_FEED = { fixed: 2 * KB, perEvent: 512 } as const;
/** The calendars and feeds of events, with how an event begins in each. */
const EVENT_FEEDS: ReadonlyArray<readonly [string, string]> = [
  [SITE_PATHS.changesCalendar, "BEGIN:VEVENT"],
  [SITE_PATHS.changesFeed, "<entry>"],
  [SITE_PATHS.lapsesCalendar, "BEGIN:VEVENT"],
  [SITE_PATHS.upcomingCalendar, "BEGIN:VEVENT"],
  [SITE_PATHS.upcomingFeed, "<entry>"],
  ...DOMAINS.flatMap((domain) => [
    [SITE_PATHS.domainCalendar(domain), "BEGIN:VEVENT"] as const,
    [SITE_PATHS.domainFeed(domain), "<entry>"] as const,
  ]),
];
/**
 * The calculators page's script: the client's calculators, the zod schemas they check each fact's value and their own
 * options and results with, and the page's own code. It does not grow with the catalog; it grows only when the
 * calculators do (raised from 40 KB when the page took on the calculators that combine rules, from 60 KB when it took
 * the place, from 80 KB when it took the languages' words, and from 92 KB when the calculators said their sentences as
 * codes: see the budgets page).
 */
const CALCULATORS_SCRIPT = { path: "/assets/calculators.js", limit: 104 * KB } as const;
/**
 * The catalog's search script: the page's own code, the ranking the MCP server shares, and the message formatter that
 * words its status and its places in the page's language (src/i18n/words.ts, with the ICU parser it needs). It does
 * not grow with the catalog: the rows and the search index are the page's and the index's weight.
 */
const SEARCH_SCRIPT = { path: "/assets/search.js", limit: 16 * KB } as const;

export interface BudgetRow {
  /** Which budget the file falls under, e.g. `catalog` or `single fact`. */
  budget: string;
  /** The file's path in the tree, e.g. `/api/v1/facts/index.json`. */
  path: string;
  /** The file's size as published, and gzip-compressed at GZIP_LEVEL. */
  bytes: number;
  gzipBytes: number;
  /** The most gzipBytes may be. */
  limit: number;
  /** How the limit was computed, with the counts taken from the tree. */
  basis: string;
}

export interface BudgetReport {
  /** The number of facts in the tree's catalog, which scales the budgets. */
  factCount: number;
  rows: BudgetRow[];
  /** The rows whose file is larger than its limit. */
  over: BudgetRow[];
}

export const gzipSize = (bytes: Uint8Array): number => gzipSync(bytes, { level: GZIP_LEVEL }).length;

const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

/** A file of the tree, parsed as JSON, or an error naming it. */
const jsonOf = (bytes: Uint8Array, path: string): Record<string, unknown> => {
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8")) as Record<
      string,
      unknown
    >;
  } catch {
    throw new Error(`${path} is not JSON`);
  }
};

/** The length of the list at `key` of a parsed file (a catalog's facts, a series' members), or an error naming it. */
const listed = (json: Record<string, unknown>, path: string, key: "facts" | "members"): number => {
  const list = json[key];
  if (!Array.isArray(list)) throw new Error(`${path} has no ${key} list (at /${key})`);
  return list.length;
};

/**
 * How many periods recorded before a first version (history entries without a version) a parsed file carries: of its
 * `facts` (a catalog, a bundle) or of its one `fact` (a single-fact response, a series; none when the series' fact is
 * null).
 */
const earlierPeriods = (json: Record<string, unknown>, path: string, key: "facts" | "fact"): number => {
  const facts = (key === "facts" ? json.facts : [json.fact].filter(Boolean)) as { history?: { version?: number }[] }[];
  if (!Array.isArray(facts)) throw new Error(`${path} has no ${key} to count earlier periods in`);
  return facts.reduce(
    (sum, fact) => sum + (fact.history ?? []).filter((entry) => entry.version === undefined).length,
    0,
  );
};

/**
 * Every budgeted file of `tree` (site path → bytes, as `npm run build` wrote it) with its gzip size and limit. The
 * fact counts come from the catalog and the domain bundles, the manifest's entry count from the files beside it.
 */
export const payloadBudgets = (tree: ReadonlyMap<string, Uint8Array>): BudgetReport => {
  const meter = new BudgetMeter();
  for (const [path, bytes] of tree) meter.add(path, bytes);
  return meter.report();
};

/** What the meter keeps of a measured file: its sizes, and the counts its limit is computed from. */
interface Measured {
  path: string;
  bytes: number;
  /** Set once the gzip of the file is measured (see BudgetMeter's `async`). */
  gzipBytes: number;
  /** Facts listed (a catalog or a bundle), members (a series) or events (a feed or calendar). */
  count: number;
  /** Periods recorded before a first version that the file carries. */
  earlier: number;
}

const SERIES_FILE = new RegExp(`^${SITE_PATHS.series("[^/]+").replaceAll(".", "\\.")}$`);
const SINGLE_FACT = new RegExp(`^${SITE_PATHS.byIdPrefix}[^/]+\\.json$`);
const BUNDLES: ReadonlyMap<string, string> = new Map(
  DOMAINS.map((domain) => [SITE_PATHS.domainBundle(domain), domain]),
);
const EVENT_MARKERS: ReadonlyMap<string, string> = new Map(EVENT_FEEDS);
/** The files measured whatever they hold, whose limits are computed once the whole tree has been seen. */
const PLAIN: ReadonlySet<string> = new Set([
  SITE_PATHS.llms,
  SITE_PATHS.feed,
  SITE_PATHS.searchIndex,
  "/index.html",
  SITE_PATHS.favicon,
  CALCULATORS_SCRIPT.path,
  SEARCH_SCRIPT.path,
  SITE_PATHS.manifest,
]);

const gzipAsync = promisify(gzip);

/**
 * The payload budgets of a tree measured one file at a time, as the build renders it (src/build/write-tree.ts), so the
 * tree need not be held whole: `add` each file's bytes once, then `report`. It keeps each budgeted file's sizes and
 * counts, never its bytes; the limits that follow another file (the catalog's fact count, the manifest's entries) are
 * computed in `report`, whatever order the files came in. With `async`, each gzip is made on libuv's thread pool
 * rather than the calling thread, and `add` gives a promise settled once the file is measured: the build renders the
 * next files meanwhile (bench/build-scale.bench.ts).
 */
export class BudgetMeter {
  readonly #async: boolean;
  readonly #measured = new Map<string, Measured>();
  /** The files of the endpoints declared by a record, with the limits that follow their own file only, in order. */
  readonly #endpoints: { budget: string; file: Measured; limit: BudgetLimit }[] = [];
  /** The single facts and series, in the order added. */
  readonly #facts: { budget: "single fact" | "series"; file: Measured }[] = [];
  #files = 0;
  #manifestAndSignature = 0;
  #pending = 0;
  #failure: Error | undefined;

  constructor(options: { async?: boolean } = {}) {
    this.#async = options.async === true;
  }

  add(path: string, bytes: Uint8Array): Promise<void> | undefined {
    if (this.#measured.has(path)) throw new Error(`${path} was measured twice`);
    this.#files++;
    if (path === SITE_PATHS.manifest || path === SITE_PATHS.manifestSignature) this.#manifestAndSignature++;
    let parsed: Record<string, unknown> | undefined;
    const json = (): Record<string, unknown> => {
      parsed ??= jsonOf(bytes, path);
      return parsed;
    };
    let measuring: Promise<void> | undefined;
    const measure = (count = 0, earlier = 0): Measured => {
      const file: Measured = { path, bytes: bytes.length, gzipBytes: Number.NaN, count, earlier };
      if (!this.#async) file.gzipBytes = gzipSize(bytes);
      else {
        this.#pending++;
        measuring = gzipAsync(bytes, { level: GZIP_LEVEL }).then(
          (gzipped) => {
            file.gzipBytes = gzipped.length;
            this.#pending--;
          },
          (error: unknown) => {
            this.#failure ??= new Error(`${path} could not be measured: ${errorMessage(error)}`);
            this.#pending--;
          },
        );
      }
      return file;
    };
    if (path === SITE_PATHS.catalog || BUNDLES.has(path)) {
      this.#measured.set(path, measure(listed(json(), path, "facts"), earlierPeriods(json(), path, "facts")));
      return measuring;
    }
    const marker = EVENT_MARKERS.get(path);
    if (marker !== undefined) {
      const events =
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8").split(marker).length - 1;
      this.#measured.set(path, measure(events));
      return measuring;
    }
    if (PLAIN.has(path)) {
      this.#measured.set(path, measure());
      return measuring;
    }
    const budget = endpointOf(path)?.budget;
    if (budget !== undefined)
      this.#endpoints.push({ budget: budget.name, limit: budget.limit(json, path), file: measure() });
    if (SINGLE_FACT.test(path)) {
      this.#facts.push({ budget: "single fact", file: measure(0, earlierPeriods(json(), path, "fact")) });
    } else if (SERIES_FILE.test(path)) {
      this.#facts.push({
        budget: "series",
        file: measure(listed(json(), path, "members"), earlierPeriods(json(), path, "fact")),
      });
    }
    return measuring;
  }

  /** The report, once every file added is measured (with `async`, once each promise `add` gave has settled). */
  report(): BudgetReport {
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#pending > 0) throw new Error(`${this.#pending} file(s) are still being measured`);
    const file = (path: string): Measured => {
      const measured = this.#measured.get(path);
      if (measured === undefined) throw new Error(`${path} is not in the built tree`);
      return measured;
    };
    const catalogFile = file(SITE_PATHS.catalog);
    const factCount = catalogFile.count;
    // Never below the single-fact limit: a catalog of a few facts is mostly its envelope, as a small bundle is.
    const perCatalog = (size: number) => {
      const scaled = Math.round((size * factCount) / REFERENCE_FACTS);
      return scaled >= FIXED.singleFact
        ? { limit: scaled, basis: `${kb(size)} × ${factCount}/${REFERENCE_FACTS} facts` }
        : {
            limit: FIXED.singleFact,
            basis: `${kb(FIXED.singleFact)}, the floor (${kb(size)} × ${factCount}/${REFERENCE_FACTS} facts is less)`,
          };
    };
    const rows: BudgetRow[] = [];
    const row = (budget: string, measured: Measured, limit: { limit: number; basis: string }): BudgetRow => ({
      budget,
      path: measured.path,
      bytes: measured.bytes,
      gzipBytes: measured.gzipBytes,
      ...limit,
    });
    const add = (budget: string, path: string, limit: { limit: number; basis: string }) =>
      rows.push(row(budget, file(path), limit));
    const withEarlier = (limit: { limit: number; basis: string }, periods: number, each: number) =>
      periods === 0
        ? limit
        : { limit: limit.limit + each * periods, basis: `${limit.basis} + ${each} B × ${periods} earlier periods` };

    const catalog = withEarlier(perCatalog(PER_CATALOG.catalog), catalogFile.earlier, EARLIER.inBrief);
    add("catalog", SITE_PATHS.catalog, catalog);
    for (const path of BUNDLES.keys()) {
      const bundle = file(path);
      const scaled = Math.round((BUNDLE.per12 * bundle.count) / REFERENCE_BUNDLE_FACTS);
      add(
        "domain bundle",
        path,
        withEarlier(
          {
            limit: Math.max(scaled, BUNDLE.floor),
            basis: `max(${kb(BUNDLE.per12)} × ${bundle.count}/${REFERENCE_BUNDLE_FACTS} facts, ${kb(BUNDLE.floor)})`,
          },
          bundle.earlier,
          EARLIER.inBrief,
        ),
      );
    }
    add("llms.json", SITE_PATHS.llms, perCatalog(PER_CATALOG.llms));
    add("feed", SITE_PATHS.feed, perCatalog(PER_CATALOG.feed));
    add("search index", SITE_PATHS.searchIndex, perCatalog(PER_CATALOG.searchIndex));
    // The catalog page shows what the catalog lists, as HTML, in its frame: it may weigh what the catalog may, plus the
    // frame, so that a catalog of a few facts is not held below the page's own chrome.
    add("catalog page", "/index.html", {
      limit: CATALOG_PAGE_FRAME + catalog.limit,
      basis: `${kb(CATALOG_PAGE_FRAME)} frame + the catalog's limit (${kb(catalog.limit)})`,
    });
    add("favicon", SITE_PATHS.favicon, { limit: FIXED.favicon, basis: kb(FIXED.favicon) });
    for (const path of EVENT_MARKERS.keys()) {
      const events = file(path).count;
      add("events", path, {
        limit: EVENT_FEED.fixed + EVENT_FEED.perEvent * events,
        basis: `${kb(EVENT_FEED.fixed)} + ${EVENT_FEED.perEvent} B × ${events} events`,
      });
    }
    add("calculators script", CALCULATORS_SCRIPT.path, {
      limit: CALCULATORS_SCRIPT.limit,
      basis: kb(CALCULATORS_SCRIPT.limit),
    });
    add("search script", SEARCH_SCRIPT.path, { limit: SEARCH_SCRIPT.limit, basis: kb(SEARCH_SCRIPT.limit) });
    // Every other file of the tree is an entry of the manifest's `files`: all but the manifest and its signature.
    const manifestEntries = this.#files - this.#manifestAndSignature;
    add("manifest", SITE_PATHS.manifest, {
      limit: MANIFEST.fixed + MANIFEST.perFile * manifestEntries,
      basis: `${kb(MANIFEST.fixed)} + ${MANIFEST.perFile} B × ${manifestEntries} files listed`,
    });
    // The endpoints declared by a record (src/render/endpoints.ts) carry their own budget: each of their files.
    for (const { budget, file: measured, limit } of this.#endpoints) rows.push(row(budget, measured, limit));
    for (const { budget, file: measured } of this.#facts) {
      const base =
        budget === "single fact"
          ? { limit: FIXED.singleFact, basis: kb(FIXED.singleFact) }
          : {
              limit: FIXED.singleFact + SERIES.perMember * measured.count,
              basis: `${kb(FIXED.singleFact)} + ${SERIES.perMember} B × ${measured.count} members`,
            };
      rows.push(row(budget, measured, withEarlier(base, measured.earlier, EARLIER.withSources)));
    }
    return { factCount, rows, over: rows.filter((each) => each.gzipBytes > each.limit) };
  }
}

/**
 * Why a tree may not be published: each file over its budget with its gzip size, its limit and how the limit was
 * reached, or undefined when every file is within its budget.
 */
export const overBudget = (report: BudgetReport): string | undefined =>
  report.over.length === 0
    ? undefined
    : [
        `${report.over.length} file(s) over their payload budget (gzip level ${GZIP_LEVEL}; docs/maintainers/payload-budgets.md):`,
        ...report.over.map(
          (row) => `  ${row.path}: ${kb(row.gzipBytes)}, budget ${kb(row.limit)} (${row.budget}: ${row.basis})`,
        ),
      ].join("\n");

/**
 * The report as a table: one line per file, except that the single facts and the diffs, one budget each, are given
 * as their largest file and how many there are (all of them with `all`).
 */
export const budgetTable = (report: BudgetReport, options: { all?: boolean } = {}): string => {
  const grouped = new Set(["single fact", "series", "diff", "badge", "place"]);
  const lines: string[][] = [];
  for (const row of report.rows) {
    if (!options.all && grouped.has(row.budget)) continue;
    lines.push([row.path, kb(row.gzipBytes), kb(row.limit), row.gzipBytes > row.limit ? "OVER" : "ok", row.basis]);
  }
  if (!options.all) {
    for (const budget of grouped) {
      const rows = report.rows.filter((row) => row.budget === budget);
      const largest = rows.reduce<BudgetRow | undefined>(
        (top, row) => (top === undefined || row.gzipBytes > top.gzipBytes ? row : top),
        undefined,
      );
      if (!largest) continue;
      const over = rows.filter((row) => row.gzipBytes > row.limit).length;
      lines.push([
        `${largest.path} (largest of ${rows.length} ${budget} files)`,
        kb(largest.gzipBytes),
        kb(largest.limit),
        over > 0 ? `${over} OVER` : "ok",
        `${largest.basis} each`,
      ]);
    }
  }
  const header = ["file", `gzip (level ${GZIP_LEVEL})`, "limit", "", "limit from"];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, column) =>
        column === 1 || column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join("  ")
      .trimEnd();
  return [format(header), ...lines.map(format)].join("\n");
};
