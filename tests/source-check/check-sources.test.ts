import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { FactFile } from "../../src/schemas/index.ts";
import { checkSources, type FingerprintStore } from "../../src/source-check/check-sources.ts";
import { fetchSource, sourceDispatcherFromEnvironment } from "../../src/source-check/fetch-source.ts";
import { factJson } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { type CitationRoute, startCitationServer } from "../workflows/helpers/citation-server.ts";

const QUOTE =
  "Budget 2025 increases the speculation and vacancy tax rates. The rate for foreign owners rises to 3% of their home's value from 2%.";

const page = (text: string, extra = "") =>
  `<!doctype html><html><head><title>Tax rates</title><style>p { color: red }</style><script>var x = "${extra}";</script></head>` +
  `<body><nav>Menu</nav><main><h1>Speculation tax</h1><p>${text}</p><p>Other text on the page.</p></main></body></html>`;

const pdf = async (lines: string[]): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const pdfPage = document.addPage([612, 792]);
  for (const [index, line] of lines.entries()) pdfPage.drawText(line, { x: 40, y: 740 - index * 16, size: 10, font });
  return document.save();
};

const citation = (url: string, quote?: string) => ({
  url,
  org: "bc-government",
  kind: "official" as const,
  retrieved_iso: "2026-11-20",
  ...(quote ? { quote } : {}),
});

const factWith = (id: string, citations: ReturnType<typeof citation>[]): FactFile => ({
  ...(factJson({ id, retrieved_iso: "2026-11-20" }) as FactFile),
  citations,
});

const ROUTES = async (): Promise<Record<string, CitationRoute>> => ({
  "/present": {
    status: 200,
    body: page(
      `Budget 2025 increases the speculation and vacancy tax rates.\n  The rate for foreign owners rises to <b>3%</b> of their home’s value from 2%.`,
    ),
  },
  "/reworded": {
    status: 200,
    body: page(
      "Budget 2025 raises the speculation and vacancy tax. Foreign owners now pay 3% of their home's value, up from 2%.",
    ),
  },
  "/script-only": { status: 200, body: page("Nothing about rates here.", QUOTE) },
  "/gone": { status: 404 },
  "/moved": { status: 301, location: "https://www2.gov.bc.ca/present" },
  "/rates.pdf": {
    status: 200,
    contentType: "application/pdf",
    body: await pdf([
      "Budget 2025 increases the speculation and vacancy tax rates.",
      "The rate for foreign owners rises to 3% of their home's value from 2%.",
    ]),
  },
  "/huge": { huge: 20 * 1024 * 1024, tail: `<p>${QUOTE}</p>` },
  "/hang": "hang",
  "/busy": { status: 503 },
});

const FACTS = (): FactFile[] => [
  factWith("bc.svt.rates_2026", [
    citation("https://www2.gov.bc.ca/present", QUOTE),
    citation("https://www2.gov.bc.ca/reworded", QUOTE),
    citation("https://www2.gov.bc.ca/script-only", QUOTE),
    citation("https://www2.gov.bc.ca/gone", QUOTE),
  ]),
  factWith("bc.ptt.brackets", [
    citation("https://news.gov.bc.ca/moved", QUOTE),
    citation(
      "https://bcbudget.gov.bc.ca/rates.pdf",
      "Budget 2025 increases the speculation and vacancy tax rates. … rises to 3% of their home's value",
    ),
    citation("https://example-huge.gov.bc.ca/huge", QUOTE),
    citation("https://slow.gov.bc.ca/hang", QUOTE),
    citation("https://www.canada.ca/busy"),
    citation("https://www2.gov.bc.ca/present"),
  ]),
];

/** The source that never answers: the check is given a short timeout for it alone, and its own for every other. */
const HANGING = "https://slow.gov.bc.ca/hang";
const HANG_TIMEOUT_MS = 500;

const run = async (address: string, previous?: FingerprintStore, today = "2026-11-23") => {
  const dispatcher = sourceDispatcherFromEnvironment({ FACTS_LINK_CHECK_CONNECT_TO: address });
  try {
    return await checkSources(FACTS(), {
      today,
      previous,
      fetch: (url) =>
        fetchSource(url, {
          dispatcher,
          timeoutMs: url === HANGING ? HANG_TIMEOUT_MS : LIMITS.answer,
          maxBytes: 5 * 1024 * 1024,
        }),
    });
  } finally {
    await dispatcher.destroy();
  }
};

describe("source drift detection", () => {
  it("says for each citation whether its quote is still there, with the closest passage when it is not", async () => {
    const server = await startCitationServer(await ROUTES());
    const { findings } = await run(server.address);
    const byUrl = (url: string, pointer?: string) =>
      findings.find(
        (finding) => finding.source.url === url && (pointer === undefined || finding.source.pointer === pointer),
      )!;

    // Markup, entities, typographic apostrophes and line breaks do not hide a quote.
    expect(byUrl("https://www2.gov.bc.ca/present", "/citations/0")).toMatchObject({
      verdict: "quote-found",
      page: { change: "first-seen", since: "2026-11-23" },
    });
    const reworded = byUrl("https://www2.gov.bc.ca/reworded");
    expect(reworded.verdict).toBe("quote-gone");
    expect(reworded.closest!.passage).toContain("Foreign owners now pay 3% of their home's value");
    expect(reworded.closest!.similarity).toBeGreaterThan(0.4);
    expect(reworded.closest!.similarity).toBeLessThan(1);
    // Text inside scripts and styles is not text of the page.
    expect(byUrl("https://www2.gov.bc.ca/script-only").verdict).toBe("quote-gone");
    expect(byUrl("https://www2.gov.bc.ca/gone")).toMatchObject({ verdict: "page-gone", detail: "404" });
    // A redirect is followed over https and reported, never silently.
    expect(byUrl("https://news.gov.bc.ca/moved")).toMatchObject({
      verdict: "quote-found",
      redirects: [{ from: "https://news.gov.bc.ca/moved", status: 301, to: "https://www2.gov.bc.ca/present" }],
    });
    // A PDF is read with a real PDF text extractor; a quote may join two passages of one page with an ellipsis.
    expect(byUrl("https://bcbudget.gov.bc.ca/rates.pdf")).toMatchObject({ verdict: "quote-found" });
    // A 20 MB page is read up to 5 MB and no further: the quote at its end is not claimed either way.
    expect(byUrl("https://example-huge.gov.bc.ca/huge")).toMatchObject({
      verdict: "unverified",
      detail: "the page is larger than 5 MB and the quote is not in the part read",
    });
    expect(server.hugeBytesSent[0]).toBeLessThan(10 * 1024 * 1024);
    expect(byUrl(HANGING)).toMatchObject({ verdict: "unverified", detail: "no answer within 0.5 s" });
    expect(byUrl("https://www.canada.ca/busy")).toMatchObject({
      verdict: "unverified",
      detail: "503: the server failed; try again later",
    });
    expect(byUrl("https://www2.gov.bc.ca/present", "/citations/5")).toMatchObject({ verdict: "page-ok" });
    // Each address is fetched once, however many citations name it.
    expect(server.requests.filter((request) => request === "GET www2.gov.bc.ca/present")).toHaveLength(2);
  });

  it("keeps a fingerprint of each page's text, so the next run says whether the page changed", async () => {
    const routes = await ROUTES();
    // The source that never answers is the first test's subject; here it would only make both runs wait it out.
    delete routes["/hang"];
    const first = await startCitationServer(routes);
    const before = await run(first.address, undefined, "2026-11-23");
    expect(before.fingerprints.pages["https://www2.gov.bc.ca/present"]).toMatchObject({
      checked_iso: "2026-11-23",
      changed_iso: "2026-11-23",
    });
    // Pages that could not be read keep no fingerprint yet.
    expect(before.fingerprints.pages["https://www2.gov.bc.ca/gone"]).toBeUndefined();

    routes["/reworded"] = { status: 200, body: page("The rates were changed again.") };
    const second = await startCitationServer(routes);
    const after = await run(second.address, before.fingerprints, "2026-11-30");
    const finding = (url: string) => after.findings.find((each) => each.source.url === url)!;
    expect(finding("https://www2.gov.bc.ca/present").page).toEqual({ change: "unchanged", since: "2026-11-23" });
    expect(finding("https://www2.gov.bc.ca/reworded").page).toEqual({ change: "changed", since: "2026-11-30" });
    expect(after.fingerprints.pages["https://www2.gov.bc.ca/present"]).toMatchObject({
      checked_iso: "2026-11-30",
      changed_iso: "2026-11-23",
    });
  });

  it("sends at most 4 requests at once and never 2 to one host", async () => {
    const routes: Record<string, CitationRoute> = {};
    const facts: FactFile[] = [];
    for (let host = 0; host < 8; host++) {
      const citations = [];
      for (let index = 0; index < 3; index++) {
        routes[`source-${host}.gov.bc.ca/page-${index}`] = { status: 200, body: page("text"), delayMs: 40 };
        citations.push(citation(`https://source-${host}.gov.bc.ca/page-${index}`));
      }
      facts.push(factWith(`bc.example.fact_${host}`, citations));
    }
    const server = await startCitationServer(routes);
    const dispatcher = sourceDispatcherFromEnvironment({ FACTS_LINK_CHECK_CONNECT_TO: server.address });
    const { findings } = await checkSources(facts, {
      today: "2026-11-23",
      fetch: (url) => fetchSource(url, { dispatcher }),
    });
    await dispatcher.destroy();
    expect(findings.every((finding) => finding.verdict === "page-ok")).toBe(true);
    expect(server.requests).toHaveLength(24);
    expect(server.peaks.perHost).toBe(1);
    expect(server.peaks.total).toBe(4);
  });

  it("is npm run sources -- check: a line per citation, a summary, exit 1 when a quote or page is gone, fingerprints kept on disk", async () => {
    // The command takes one timeout for every source, set for a loaded machine; the source that never answers (the
    // test above) fails here at once, so that the run does not wait that timeout out.
    const server = await startCitationServer({ ...(await ROUTES()), "/hang": { status: 503 } });
    const root = await tempDir();
    for (const fact of FACTS()) {
      const file = path.join(root, "facts", fact.domain, `${fact.id}.json`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(fact, null, 2)}\n`);
    }
    const fingerprints = path.join(root, "state", "fingerprints.json");
    const env = { FACTS_TODAY: "2026-11-23", FACTS_LINK_CHECK_CONNECT_TO: server.address };
    const result = await runScript(
      "src/cli/sources.ts",
      ["check", "--root", root, "--fingerprints", fingerprints, "--timeout-seconds", String(LIMITS.answer / 1000)],
      { env },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toContain(
      "quote found bc.svt.rates_2026 /citations/0 https://www2.gov.bc.ca/present (page read for the first time)",
    );
    expect(lines).toContain("PAGE GONE   bc.svt.rates_2026 /citations/3 https://www2.gov.bc.ca/gone (404)");
    expect(lines).toContain(
      "unverified  bc.ptt.brackets /citations/3 https://slow.gov.bc.ca/hang (503: the server failed; try again later)",
    );
    expect(lines.find((line) => line.startsWith("QUOTE GONE  bc.svt.rates_2026 /citations/1"))).toBeDefined();
    expect(lines).toContainEqual(expect.stringMatching(/^ {12}closest passage now \(similarity 0\.\d+\): "/));
    expect(lines.at(-1)).toBe(
      "10 citation(s) of 2 fact(s) on 2026-11-23: 3 quote found, 2 quote gone, 1 page gone, 3 unverified, 1 without a quote; 0 page(s) changed since the last check",
    );
    const stored = JSON.parse(await readFile(fingerprints, "utf8")) as FingerprintStore;
    // Every page whose text was read has a fingerprint (the huge one, of its first 5 MB); gone and silent ones have
    // none.
    expect(Object.keys(stored.pages).sort()).toEqual([
      "https://bcbudget.gov.bc.ca/rates.pdf",
      "https://example-huge.gov.bc.ca/huge",
      "https://news.gov.bc.ca/moved",
      "https://www2.gov.bc.ca/present",
      "https://www2.gov.bc.ca/reworded",
      "https://www2.gov.bc.ca/script-only",
    ]);

    await writeFile(fingerprints, "{ torn");
    const torn = await runScript("src/cli/sources.ts", ["check", "--root", root, "--fingerprints", fingerprints], {
      env,
    });
    expect(torn.code).toBe(2);
    expect(torn.stderr).toMatch(
      /^sources failed: .*fingerprints\.json: not JSON \(.+\); restore it or delete it to start the fingerprints afresh\n$/,
    );
  });
});
