import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { FactFile } from "../../src/schemas/index.ts";
import { checkSources } from "../../src/source-check/check-sources.ts";
import { EXTRACTION_LIMITS, pdfText } from "../../src/source-check/extract-text.ts";
import { fetchSource, sourceDispatcherFromEnvironment } from "../../src/source-check/fetch-source.ts";
import { zlibBomb } from "../helpers/deflate-bomb.ts";
import { factJson } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { peakRssProbe } from "../helpers/peak-rss.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { type CitationRoute, startCitationServer } from "../workflows/helpers/citation-server.ts";

/** A PDF of one line of text per page; `extra` adds a FlateDecode content stream of those bytes to the first page. */
const pdf = async (lines: string[], extra?: Uint8Array): Promise<Uint8Array> => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const line of lines) document.addPage([612, 792]).drawText(line, { x: 40, y: 740, size: 10, font });
  if (extra)
    document
      .getPage(0)
      .node.addContentStream(document.context.register(document.context.stream(extra, { Filter: "FlateDecode" })));
  return document.save();
};

/** The flate bomb: a 4 MB PDF whose first page's second content stream inflates to 4 GiB of spaces. */
const bombPdf = () => pdf(["The rate for foreign owners rises to 3% of their home's value."], zlibBomb(4096));

const PAGE_COUNT = 1000;
const longPdf = () =>
  pdf(
    Array.from({ length: PAGE_COUNT }, (_, index) =>
      index === 0 ? "The first page says the tax rises on January 1." : `Page ${index + 1} of a long report.`,
    ),
  );

const LATIN = "Le taux passe à 3 % de la valeur de la propriété — l’impôt « spéculation »";
const html = (text: string, head = "") =>
  `<!doctype html><html><head>${head}<title>Rates</title></head><body><p>${text}</p></body></html>`;
const bom = (encoding: "utf16le" | "utf16be", text: string): Uint8Array => {
  const le = Buffer.from(`\ufeff${text}`, "utf16le");
  return encoding === "utf16le" ? le : Buffer.from(le).swap16();
};

/**
 * Windows-1252 bytes of text (every character used here is in the table): Node encodes only UTF-8, so the bytes are
 * spelled out.
 */
const WINDOWS_1252: Record<string, number> = { "—": 0x97, "’": 0x92, "«": 0xab, "»": 0xbb, à: 0xe0, é: 0xe9, ô: 0xf4 };
const windows1252 = (text: string): Uint8Array =>
  Uint8Array.from([...text], (char) => {
    const code = char.codePointAt(0)!;
    const byte = code < 0x80 ? code : WINDOWS_1252[char];
    if (byte === undefined) throw new Error(`no windows-1252 byte for ${char} in the test's table`);
    return byte;
  });

const citation = (url: string, quote?: string) => ({
  url,
  org: "bc-government",
  kind: "official" as const,
  retrieved_iso: "2026-11-20",
  ...(quote ? { quote } : {}),
});

/**
 * 250 citations over 25 facts: the hostile and encoded pages first, then ordinary pages on 20 hosts that each quote.
 */
const catalog = async (): Promise<{ routes: Record<string, CitationRoute>; facts: FactFile[] }> => {
  const routes: Record<string, CitationRoute> = {
    "/bomb.pdf": { status: 200, contentType: "application/pdf", body: await bombPdf() },
    "/long.pdf": { status: 200, contentType: "application/pdf", body: await longPdf() },
    "/utf16le.html": { status: 200, contentType: "text/html", body: bom("utf16le", html(LATIN)) },
    "/utf16be.html": { status: 200, contentType: "text/html", body: bom("utf16be", html(LATIN)) },
    "/cp1252.html": { status: 200, contentType: "text/html; charset=windows-1252", body: windows1252(html(LATIN)) },
    "/meta-latin1.html": {
      status: 200,
      contentType: "text/html",
      body: windows1252(html("Le taux passe à 3 % de la valeur de la propriété", '<meta charset="iso-8859-1">')),
    },
  };
  const citations = [
    citation("https://bcbudget.gov.bc.ca/bomb.pdf", "The rate for foreign owners rises to 3% of their home's value."),
    citation("https://bcbudget.gov.bc.ca/long.pdf", "The first page says the tax rises on January 1."),
    citation("https://bcbudget.gov.bc.ca/long.pdf", `Page ${PAGE_COUNT} of a long report.`),
    citation("https://www2.gov.bc.ca/utf16le.html", LATIN),
    citation("https://www2.gov.bc.ca/utf16be.html", LATIN),
    citation("https://www2.gov.bc.ca/cp1252.html", LATIN),
    citation("https://www2.gov.bc.ca/meta-latin1.html", "Le taux passe à 3 % de la valeur de la propriété"),
  ];
  for (let index = citations.length; index < 250; index++) {
    routes[`/page-${index}`] = { status: 200, body: html(`Ordinary page ${index} says what it is cited for.`) };
    citations.push(
      citation(
        `https://source-${index % 20}.gov.bc.ca/page-${index}`,
        `Ordinary page ${index} says what it is cited for.`,
      ),
    );
  }
  const facts = Array.from({ length: 25 }, (_, fact) => ({
    ...(factJson({ id: `bc.test.source_${fact}`, retrieved_iso: "2026-11-20" }) as FactFile),
    citations: citations.slice(fact * 10, fact * 10 + 10),
  }));
  return { routes, facts };
};

describe("bounded extraction of source texts", { timeout: LIMITS.longTest }, () => {
  it("npm run sources -- check over 250 citations with a flate bomb, a 1,000-page PDF and UTF-16 and Windows-1252 pages stays under 512 MiB", async () => {
    const { routes, facts } = await catalog();
    const server = await startCitationServer(routes);
    const root = await tempDir();
    for (const fact of facts) {
      const file = path.join(root, "facts", fact.domain, `${fact.id}.json`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(fact, null, 2)}\n`);
    }
    const probe = await peakRssProbe();
    const started = Date.now();
    const result = await runScript(
      "src/cli/sources.ts",
      ["check", "--root", root, "--fingerprints", path.join(root, "fingerprints.json"), "--timeout-seconds", "60"],
      {
        env: { ...probe.env, FACTS_TODAY: "2026-11-23", FACTS_LINK_CHECK_CONNECT_TO: server.address },
      },
    );
    const seconds = (Date.now() - started) / 1000;
    const peak = await probe.peakMiB();
    console.log(
      `sources check of 250 citations with a 4 GiB flate bomb: peak RSS ${peak} MiB, ${seconds.toFixed(1)} s`,
    );

    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    const line = (factId: string, pointer: string) => lines.find((each) => each.includes(` ${factId} ${pointer} `));
    // The verdicts of the hostile sources (the bomb, the long PDF, the UTF-16 and Windows-1252 pages), as the check
    // printed them (verdict, fact and citation, source, reason), and its closing count.
    console.log(
      [
        "verdicts of the hostile sources:",
        ...lines.filter((each) => each.includes(" bc.test.source_0 /citations/")),
        lines.at(-1),
      ].join("\n"),
    );
    // The bomb gets no verdict, with the reason; the check goes on to every other citation. Which of the two limits
    // stops it first depends on the machine: its memory limit on a quiet one, the check's own 30 s per PDF on one
    // busy enough to inflate it slowly (the next test shows each limit on its own).
    expect(line("bc.test.source_0", "/citations/0")).toMatch(
      /^unverified {2}bc\.test\.source_0 \/citations\/0 https:\/\/bcbudget\.gov\.bc\.ca\/bomb\.pdf \(the PDF was not read: (reading it needed more than 128 MB of memory \(a compressed stream that inflates past the limit, such as a compression bomb, or a PDF too large to read\)|reading it took longer than 30 s)\)$/,
    );
    // The first 500 pages of the long PDF are read: a quote there is found, one beyond is not claimed either way.
    expect(line("bc.test.source_0", "/citations/1")).toMatch(
      /^quote found bc\.test\.source_0 \/citations\/1 https:\/\/bcbudget\.gov\.bc\.ca\/long\.pdf/,
    );
    expect(line("bc.test.source_0", "/citations/2")).toMatch(
      /^unverified {2}bc\.test\.source_0 \/citations\/2 https:\/\/bcbudget\.gov\.bc\.ca\/long\.pdf \(only its first 500 of 1000 pages were read and the quote is not in them;/,
    );
    // Pages are decoded by their byte order mark, their Content-Type charset or their <meta> charset.
    for (const pointer of ["/citations/3", "/citations/4", "/citations/5", "/citations/6"])
      expect(line("bc.test.source_0", pointer)).toMatch(/^quote found /);
    expect(lines.at(-1)).toBe(
      "250 citation(s) of 25 fact(s) on 2026-11-23: 248 quote found, 0 quote gone, 0 page gone, 2 unverified, 0 without a quote; 0 page(s) changed since the last check",
    );
    expect(peak).toBeLessThan(512);
  });

  it("reports a PDF that takes longer than its time limit, a doubly compressed bomb, one that is not a PDF, and a page cut at the text limit", async () => {
    const limits = { ...EXTRACTION_LIMITS, pdfTimeoutMs: 1 };
    await expect(pdfText(await longPdf(), limits)).rejects.toThrow("reading it took longer than 0.001 s");
    // A bomb compressed twice (a filter chain a scan of FlateDecode streams would have to follow) is stopped the same
    // way.
    const document = await PDFDocument.create();
    document
      .addPage()
      .node.addContentStream(
        document.context.register(
          document.context.stream(zlib.deflateSync(zlibBomb(4096)), { Filter: ["FlateDecode", "FlateDecode"] }),
        ),
      );
    await expect(pdfText(await document.save())).rejects.toThrow("reading it needed more than 128 MB of memory");

    const server = await startCitationServer({
      "/broken.pdf": { status: 200, contentType: "application/pdf", body: "%PDF-1.7\nnot really a PDF" },
      "/long.html": { status: 200, body: html(`${"Filler words. ".repeat(1000)}The quote at the end.`) },
      "/short.html": { status: 200, body: html("The quote at the start.") },
    });
    const dispatcher = sourceDispatcherFromEnvironment({ FACTS_LINK_CHECK_CONNECT_TO: server.address });
    try {
      const fact = {
        ...(factJson({ id: "bc.test.limits", retrieved_iso: "2026-11-20" }) as FactFile),
        citations: [
          citation("https://www2.gov.bc.ca/broken.pdf", "Anything."),
          citation("https://www2.gov.bc.ca/long.html", "The quote at the end."),
          citation("https://www2.gov.bc.ca/short.html", "The quote at the start."),
        ],
      };
      const { findings, fingerprints } = await checkSources([fact], {
        today: "2026-11-23",
        fetch: (url) => fetchSource(url, { dispatcher }),
        limits: { ...EXTRACTION_LIMITS, maxChars: 5_000 },
      });
      console.log(
        findings.map((finding) => `${finding.source.url}: ${finding.verdict} (${finding.detail})`).join("\n"),
      );
      expect(findings.map((finding) => [finding.verdict, finding.detail])).toEqual([
        ["unverified", "the PDF could not be read: Invalid PDF structure."],
        ["unverified", "only its first 5,000 characters of text were read and the quote is not in them"],
        ["quote-found", "the quote is on the page"],
      ]);
      // A page read in part still gets a fingerprint of that part, as a page cut at the download limit does.
      expect(Object.keys(fingerprints.pages).sort()).toEqual([
        "https://www2.gov.bc.ca/long.html",
        "https://www2.gov.bc.ca/short.html",
      ]);
    } finally {
      await dispatcher.destroy();
    }
  });
});
