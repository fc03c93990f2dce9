import { gzipSync } from "node:zlib";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { endpointOf } from "../render/endpoints.ts";
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
 * calculators do (raised from 40 KB when the page took on the calculators that combine rules, and from 60 KB when it took
 * the place: see the budgets page).
 */
const CALCULATORS_SCRIPT = { path: "/assets/calculators.js", limit: 64 * KB } as const;

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

/**
 * The files jsonOf has parsed during one call of payloadBudgets, by tree and path: the catalog and the domain bundles
 * are read twice (their fact count and their earlier periods), and at 1,000 facts × 20 versions they are tens of
 * megabytes each (bench/build-scale.bench.ts). Dropped when the call ends, so the parsed files do not stay in memory
 * beside the tree while it is written.
 */
const parsedFiles = new WeakMap<ReadonlyMap<string, Uint8Array>, Map<string, Record<string, unknown>>>();

/** A JSON file of the tree, parsed, or an error naming it. */
const jsonOf = (tree: ReadonlyMap<string, Uint8Array>, path: string): Record<string, unknown> => {
  const known = parsedFiles.get(tree)?.get(path);
  if (known !== undefined) return known;
  const bytes = tree.get(path);
  if (!bytes) throw new Error(`${path} is not in the built tree`);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8")) as Record<
      string,
      unknown
    >;
  } catch {
    throw new Error(`${path} is not JSON`);
  }
  parsedFiles.get(tree)?.set(path, json);
  return json;
};

/**
 * The length of the list at `key` of a JSON file of the tree (a catalog's facts, a series' members), or an error naming
 * the file.
 */
const listed = (tree: ReadonlyMap<string, Uint8Array>, path: string, key: "facts" | "members"): number => {
  const list = jsonOf(tree, path)[key];
  if (!Array.isArray(list)) throw new Error(`${path} has no ${key} list (at /${key})`);
  return list.length;
};

/**
 * How many periods recorded before a first version (history entries without a version) a file carries: of its `facts`
 * (a catalog, a bundle) or of its one `fact` (a single-fact response, a series; none when the series' fact is null).
 */
const earlierPeriods = (tree: ReadonlyMap<string, Uint8Array>, path: string, key: "facts" | "fact"): number => {
  const json = jsonOf(tree, path);
  const facts = (key === "facts" ? json.facts : [json.fact].filter(Boolean)) as { history?: { version?: number }[] }[];
  if (!Array.isArray(facts)) throw new Error(`${path} has no ${key} to count earlier periods in`);
  return facts.reduce(
    (sum, fact) => sum + (fact.history ?? []).filter((entry) => entry.version === undefined).length,
    0,
  );
};

/** The number of facts a catalog or bundle of the tree lists, or an error naming the file. */
const factsListed = (tree: ReadonlyMap<string, Uint8Array>, path: string): number => listed(tree, path, "facts");

/**
 * Every budgeted file of `tree` (site path → bytes, as `npm run build` wrote it) with its gzip size and limit. The
 * fact counts come from the catalog and the domain bundles, the manifest's entry count from the files beside it.
 */
export const payloadBudgets = (tree: ReadonlyMap<string, Uint8Array>): BudgetReport => {
  parsedFiles.set(tree, new Map());
  try {
    return budgetsOf(tree);
  } finally {
    parsedFiles.delete(tree);
  }
};

const budgetsOf = (tree: ReadonlyMap<string, Uint8Array>): BudgetReport => {
  const factCount = factsListed(tree, SITE_PATHS.catalog);
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
  const add = (budget: string, path: string, limit: { limit: number; basis: string }) => {
    const bytes = tree.get(path);
    if (!bytes) throw new Error(`${path} is not in the built tree`);
    rows.push({ budget, path, bytes: bytes.length, gzipBytes: gzipSize(bytes), ...limit });
  };

  const withEarlier = (limit: { limit: number; basis: string }, periods: number, each: number) =>
    periods === 0
      ? limit
      : { limit: limit.limit + each * periods, basis: `${limit.basis} + ${each} B × ${periods} earlier periods` };
  const catalog = withEarlier(
    perCatalog(PER_CATALOG.catalog),
    earlierPeriods(tree, SITE_PATHS.catalog, "facts"),
    EARLIER.inBrief,
  );
  add("catalog", SITE_PATHS.catalog, catalog);
  for (const domain of DOMAINS) {
    const path = SITE_PATHS.domainBundle(domain);
    const count = factsListed(tree, path);
    const scaled = Math.round((BUNDLE.per12 * count) / REFERENCE_BUNDLE_FACTS);
    add(
      "domain bundle",
      path,
      withEarlier(
        {
          limit: Math.max(scaled, BUNDLE.floor),
          basis: `max(${kb(BUNDLE.per12)} × ${count}/${REFERENCE_BUNDLE_FACTS} facts, ${kb(BUNDLE.floor)})`,
        },
        earlierPeriods(tree, path, "facts"),
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
  for (const [path, marker] of EVENT_FEEDS) {
    const bytes = tree.get(path);
    if (!bytes) throw new Error(`${path} is not in the built tree`);
    const events = Buffer.from(bytes).toString("utf8").split(marker).length - 1;
    add("events", path, {
      limit: EVENT_FEED.fixed + EVENT_FEED.perEvent * events,
      basis: `${kb(EVENT_FEED.fixed)} + ${EVENT_FEED.perEvent} B × ${events} events`,
    });
  }
  add("calculators script", CALCULATORS_SCRIPT.path, {
    limit: CALCULATORS_SCRIPT.limit,
    basis: kb(CALCULATORS_SCRIPT.limit),
  });

  // Every other file of the tree is an entry of the manifest's `files`: all but the manifest and its signature.
  const manifestEntries = [...tree.keys()].filter(
    (path) => path !== SITE_PATHS.manifest && path !== SITE_PATHS.manifestSignature,
  ).length;
  add("manifest", SITE_PATHS.manifest, {
    limit: MANIFEST.fixed + MANIFEST.perFile * manifestEntries,
    basis: `${kb(MANIFEST.fixed)} + ${MANIFEST.perFile} B × ${manifestEntries} files listed`,
  });

  // The endpoints declared by a record (src/render/endpoints.ts) carry their own budget: each of their files.
  for (const path of tree.keys()) {
    const budget = endpointOf(path)?.budget;
    if (budget !== undefined) add(budget.name, path, budget.limit(jsonOf(tree, path), path));
  }

  const seriesFile = new RegExp(`^${SITE_PATHS.series("[^/]+").replaceAll(".", "\\.")}$`);
  const singleFact = new RegExp(`^${SITE_PATHS.byIdPrefix}[^/]+\\.json$`);
  for (const path of tree.keys()) {
    if (singleFact.test(path))
      add(
        "single fact",
        path,
        withEarlier(
          { limit: FIXED.singleFact, basis: kb(FIXED.singleFact) },
          earlierPeriods(tree, path, "fact"),
          EARLIER.withSources,
        ),
      );
    else if (seriesFile.test(path)) {
      const members = listed(tree, path, "members");
      add(
        "series",
        path,
        withEarlier(
          {
            limit: FIXED.singleFact + SERIES.perMember * members,
            basis: `${kb(FIXED.singleFact)} + ${SERIES.perMember} B × ${members} members`,
          },
          earlierPeriods(tree, path, "fact"),
          EARLIER.withSources,
        ),
      );
    }
  }
  return { factCount, rows, over: rows.filter((row) => row.gzipBytes > row.limit) };
};

/** A built tree's files as bytes, whichever way each was rendered. */
export const treeBytes = (files: ReadonlyMap<string, string | Uint8Array>): Map<string, Uint8Array> =>
  new Map([...files].map(([path, body]) => [path, typeof body === "string" ? Buffer.from(body) : body]));

/**
 * The same bytes as treeBytes, taken out of `files` one file at a time (each is deleted from `files` once converted),
 * so the tree is never held whole both as text and as bytes: `npm run build` holds only the bytes from then on, which
 * it checks against the budgets and writes (at 1,000 facts × 20 versions the tree is hundreds of megabytes,
 * bench/build-scale.bench.ts).
 */
export const takeTreeBytes = (files: Map<string, string | Uint8Array>): Map<string, Uint8Array> => {
  const bytes = new Map<string, Uint8Array>();
  for (const [path, body] of files) {
    bytes.set(path, typeof body === "string" ? Buffer.from(body) : body);
    files.delete(path);
  }
  return bytes;
};

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
