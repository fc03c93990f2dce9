import { describe, expect, it, vi } from "vitest";
import { PrChangesReport } from "../../actions/pr-changes/fact-changes.ts";
import { MAX_COMMENT_BYTES, renderPrComment } from "../../actions/pr-changes/render-pr-comment.ts";
import { escapeMarkdown } from "../../src/workflows/markdown.ts";
import { readAsGitHub } from "../workflows/helpers/rendered-markdown.ts";

/** Every call the renderer makes into the Markdown module, counted: the measure of the work a render does. */
const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/workflows/markdown.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/workflows/markdown.ts")>();
  const counted =
    <Args extends unknown[], Result>(fn: (...args: Args) => Result) =>
    (...args: Args): Result => {
      calls.count += 1;
      return fn(...args);
    };
  return {
    ...actual,
    escapeMarkdown: counted(actual.escapeMarkdown),
    codeSpan: counted(actual.codeSpan),
    tableCode: counted(actual.tableCode),
    codeBlock: counted(actual.codeBlock),
    shaped: counted(actual.shaped),
  };
});

/** The elements the comment's own Markdown produces; anything else in the rendered HTML came from the pull request. */
const OWN_ELEMENTS = [
  "p",
  "h2",
  "h3",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "code",
  "pre",
  "ul",
  "li",
  "strong",
  "details",
  "summary",
  "sub",
];

const HOSTILE_LABEL =
  "@maintainers please merge ![x](http://evil.example/x.png) <img src=x onerror=alert(1)> [link](https://evil.example) #1 GH-2 " +
  "www.evil.example <b>bold</b> &amp; a | b\nsecond line\r\rthird `code` **strong** _em_ ~~gone~~ $x$ \\*";

const fact = (id: string) => ({
  id,
  file: `facts/tax/${id}.json`,
  version: { from: 1, to: 1 },
  value: {},
  unit: { from: "CAD", to: "CAD" },
  effective_iso: { from: "2026-01-01", to: "2026-01-01" },
  expires_iso: { from: "2026-06-30", to: "2026-06-30" },
  retrieved_iso: { from: "2026-01-01", to: "2026-01-01" },
});

/** What a fork's pull request can put in the artifact: every free text hostile, every shaped value out of shape. */
const hostileReport = (): PrChangesReport =>
  PrChangesReport.parse({
    schema: 1,
    pull_request: { number: 7, head_sha: "a".repeat(40) },
    base: "<img src=x>",
    changes: [
      {
        ...fact("bc.ptt.brackets"),
        kind: "editorial",
        label: HOSTILE_LABEL,
        file: "facts/tax/@evil <img src=x>.json",
        unit: { from: "CAD", to: "CAD | <b>x</b>\n| --- |\r\r[link](https://evil.example)" },
        changed_fields: ["label", "<img src=x>", "@team"],
      },
      {
        ...fact("bc.ptt.rates"),
        kind: "revision",
        label: "- [ ] 1. # > === task",
        version: { from: 1, to: 2 },
        value: { from: { a: 1 }, to: { a: "</details><img src=x> @user", b: "left\u202Eright zero\u200Bwidth" } },
        value_diff: {
          added_keys: [],
          removed_keys: [],
          changed_keys: [{ pointer: "/a`b\r\r<img src=x> @user", from: 1, to: "</details><img src=x> @user" }],
        },
        changed_fields: ["value", "version"],
      },
    ],
    unreadable: ["facts/x/`<img src=x>`.json", "facts/\r\r[link](http://evil.example)", "facts/tax/ok.json"],
    index_data: [
      {
        file: "index-data/mortgage-rates.json",
        measure: "rate",
        added: [
          { month: "2025-13", value: 0.05 },
          { month: "<b>x</b>", value: 0.05 },
          { month: "2025-01", value: 0.0649 },
        ],
        revised: [{ month: "@evil", from: 0.05, to: 0.06 }],
        removed: [],
        resourced: ["[link](https://evil.example)", "2024-02", "2024-02\n| x |"],
      },
      {
        file: "index-data/benchmarks/<img src=x>.json",
        measure: "price",
        added: [{ month: "2025-02", value: 1_100_000 }],
        revised: [],
        removed: [],
        resourced: [],
      },
    ],
  });

describe("the pull-request comment shows a hostile artifact as plain text", () => {
  const body = renderPrComment(hostileReport());
  const reader = readAsGitHub(body);

  it("has no element the comment does not make itself: no link, image, HTML tag, emphasis, heading, quote or task box", () => {
    expect([...reader.tags].filter((tag) => !OWN_ELEMENTS.includes(tag))).toEqual([]);
    expect(reader.html).not.toMatch(/<(a|img|b|em|del|input|blockquote|h1|ol|hr)[\s>]/);
  });

  it("links no one and nothing: no @mention, #reference or address GitHub would turn into a link", () => {
    expect(reader.linked).toEqual([]);
  });

  it("shows the label as its author wrote it, on one line, markup and all", () => {
    const label = HOSTILE_LABEL.replace(/\s+/g, " ");
    expect(reader.visible).toContain(label);
    expect(reader.visible).toContain("- [ ] 1. # > === task");
  });

  it("shows a value of the wrong shape as a placeholder, never as written", () => {
    expect(reader.visible).toContain("new: (not a month) 5%, (not a month) 5%, 2025-01 6.49%");
    expect(reader.visible).toContain("revised (not a month): 5% → 6%");
    expect(reader.visible).toContain("same value, new source: (not a month), 2024-02, (not a month)");
    expect(reader.visible).toContain("(not an index-data series file):");
    expect(reader.visible).toContain("Compared with (not a commit) at aaaaaaaaaaaa;");
    expect(reader.visible).toContain("Editorial edit of label, (not a fact field), (not a fact field);");
    expect(reader.visible).toContain(
      "Not readable as facts (see the validate job's annotations): (not a file under facts/), (not a file under facts/), facts/tax/ok.json",
    );
  });

  it("keeps every table row at three cells and every code span closed", () => {
    expect(reader.rowCells.length).toBe(11);
    expect(reader.rowCells.every((cells) => cells === 3)).toBe(true);
    // The file name and the pointer, with their markup, are inside code (where GitHub links nothing), as written.
    expect(reader.html).toContain("<code>facts/tax/@evil &lt;img src=x&gt;.json</code>");
    expect(reader.html).toContain("<code>/a`b  &lt;img src=x&gt; @user</code>");
  });

  it("drops bidirectional and zero-width characters from the old and new values' code blocks", () => {
    const block = body.slice(body.indexOf("<details><summary>Old and new value</summary>"));
    expect(block).toContain('"b": "leftright zerowidth"');
    expect(block).not.toMatch(/[\u202E\u200B]/);
  });

  it("escapes a line-start marker, so text placed at the start of a line stays a paragraph", () => {
    for (const text of [
      "- item",
      "+ item",
      "1. item",
      "# heading",
      "> quote",
      "===",
      "---",
      "| a | b |",
      "```",
      "    code",
    ]) {
      const html = readAsGitHub(`intro\n\n${escapeMarkdown(text)}\n`).html.replaceAll("\u200B", "");
      expect(html, text).toBe(`<p>intro</p>\n<p>${text.trim().replace(">", "&gt;")}</p>\n`);
    }
  });
});

/**
 * A report of `count` revisions, each with a label, a value diff and old and new values: far more than a comment holds.
 */
const largeReport = (count: number): PrChangesReport =>
  PrChangesReport.parse({
    schema: 1,
    base: "b".repeat(40),
    changes: Array.from({ length: count }, (_, index) => ({
      ...fact(`bc.fact.n${index}`),
      kind: "revision",
      label: `Fact number ${index} with a label of ordinary length`,
      version: { from: 1, to: 2 },
      value: { from: { rate: 0.01, note: "x".repeat(400) }, to: { rate: 0.02, note: "y".repeat(400) } },
      value_diff: { added_keys: [], removed_keys: [], changed_keys: [{ pointer: "/rate", from: 0.01, to: 0.02 }] },
      changed_fields: ["value", "version"],
    })),
    unreadable: [],
  });

describe("the pull-request comment's size", () => {
  it("is cut to GitHub's limit, counting what is left out, with work that grows linearly with the report", () => {
    const render = (count: number) => {
      const report = largeReport(count);
      calls.count = 0;
      const started = performance.now();
      const body = renderPrComment(report);
      // The figure the issue asks to see: printed, not asserted, since a shared machine makes any time bound flaky.
      console.log(`rendering the comment for ${count} changes took ${Math.round(performance.now() - started)} ms`);
      return { body, calls: calls.count };
    };
    const small = render(4_000);
    const large = render(8_000);
    for (const [total, { body }] of [
      [4_000, small],
      [8_000, large],
    ] as const) {
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_COMMENT_BYTES);
      const shown = body.match(/^### /gm)?.length ?? 0;
      expect(shown).toBeGreaterThan(0);
      expect(body).toContain(
        `…and ${total - shown} more fact changes (the full list is in the workflow run's job summary).`,
      );
      // Cut where the next section would not fit: the comment is nearly full, not cut early.
      expect(Buffer.byteLength(body)).toBeGreaterThan(MAX_COMMENT_BYTES - 1_000);
    }
    // Each change is rendered a fixed number of times, so twice the changes take twice the calls (a render that tried
    // shorter and shorter bodies would take about four times as many).
    expect(large.calls / small.calls).toBeGreaterThan(1.8);
    expect(large.calls / small.calls).toBeLessThan(2.2);
  });

  it("keeps a report that fits whole, values included", () => {
    const body = renderPrComment(largeReport(3));
    expect(body.match(/^### /gm)).toHaveLength(3);
    expect(body).toContain("<details><summary>Old and new value</summary>");
    expect(body).not.toContain("more fact change");
  });
});
