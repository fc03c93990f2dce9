import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { addDays } from "../../src/lib/dates.ts";
import type { Fact, SeriesResponse, SingleFactResponse, Upcoming } from "../../src/schemas/index.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { type Connection, connectToServer, textOf } from "./connect.ts";

const BASE = "https://facts.example.org";
const { out } = frozenSite();
const readPublished = async <T>(sitePath: string): Promise<T> =>
  JSON.parse(await readFile(path.join(out, sitePath), "utf8")) as T;
const catalog = await readPublished<{ facts: Fact[] }>(SITE_PATHS.catalog);
const upcoming = await readPublished<Upcoming>(SITE_PATHS.upcoming);
/** A fact with everything (its citations' quotes, its history), as its single-fact response publishes it. */
const factNamed = async (id: string): Promise<Fact> =>
  (await readPublished<SingleFactResponse>(SITE_PATHS.factById(id))).fact;

interface CitedFact {
  fact_id: string;
  canonical_url: string;
  citations: { url: string }[];
}

/** The MCP server on a tree built from the project's facts, spoken to by the SDK's own client over stdio. */
describe("npm run mcp", () => {
  let server: Connection;

  beforeAll(async () => {
    server = await connectToServer(out);
  });

  afterAll(async () => {
    await server.client.close();
  });

  it("offers its tools with their input schemas, and tells the assistant what the data is and how to cite it", async () => {
    const { tools } = await server.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual([
      "affordability",
      "amortization_schedule",
      "capital_expenditure_increase",
      "cash_to_close",
      "deposit_interest",
      "deposit_return_deadline",
      "flipping_tax",
      "get_fact",
      "gst_on_new_home",
      "home_owner_grant",
      "max_principal",
      "minimum_down_payment",
      "mortgage_insurance_premium",
      "mortgage_payment",
      "notice_received",
      "place_rules",
      "property_transfer_tax",
      "qualifying_rate",
      "rent_increase",
      "renters_tax_credit",
      "search_facts",
      "tenancy_notice",
      "upcoming_changes",
    ]);

    expect(byName.get("get_fact")!.inputSchema).toMatchObject({
      type: "object",
      properties: { id: { type: "string" } },
      required: ["id"],
    });
    expect(byName.get("search_facts")!.inputSchema).toMatchObject({
      properties: { query: { type: "string" } },
      required: ["query"],
    });
    expect(byName.get("upcoming_changes")!.inputSchema).toMatchObject({
      properties: { days: { type: "integer", minimum: 1 } },
      required: ["days"],
    });
    expect(
      (byName.get("upcoming_changes")!.inputSchema.properties!.days as { maximum: number }).maximum,
    ).toBeGreaterThanOrEqual(upcoming.window_days);
    expect(byName.get("property_transfer_tax")!.inputSchema).toMatchObject({
      properties: {
        price: { type: "number" },
        residentialShare: { type: "number", minimum: 0, maximum: 1 },
        firstTimeBuyer: { type: "boolean" },
        newlyBuilt: { type: "boolean" },
        foreignBuyer: { type: "boolean" },
        inSpecifiedArea: { type: "boolean" },
        asOf: { type: "string", pattern: expect.stringContaining("\\d{4}") },
      },
      required: ["price"],
      additionalProperties: false,
    });
    // The arithmetic-only calculators read no fact, so they have nothing to cite.
    const readsNoFact = new Set(["mortgage_payment", "amortization_schedule", "max_principal"]);
    for (const tool of tools) {
      expect(tool.description, tool.name).toContain("British Columbia");
      expect(tool.description, tool.name).toContain(
        readsNoFact.has(tool.name) ? "no citations or canonical_url" : "canonical_url",
      );
      expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }

    const instructions = server.client.getInstructions() ?? "";
    expect(instructions).toContain("British Columbia");
    expect(instructions).toContain("canonical_url");
    expect(instructions).toContain(upcoming.as_of);
    // The sources as they are, counted from the catalog the server serves, not figures written into its code.
    const citations = catalog.facts.flatMap((fact) => fact.citations);
    const official = citations.filter((citation) => citation.kind === "official").length;
    const organisations = new Set(citations.map((citation) => citation.org_id)).size;
    expect(instructions).toContain(
      `The ${catalog.facts.length} facts carry ${citations.length} citations (${official} official, `,
    );
    expect(instructions).toContain(` of ${organisations} organisations: `);
    expect(server.stderr()).toContain(`serving ${catalog.facts.length} facts`);
  });

  it("get_fact answers bc.ptt.brackets with the brackets, dates, version, citations and canonical URL as published", async () => {
    const published = await factNamed("bc.ptt.brackets");
    const result = await server.call("get_fact", { id: "bc.ptt.brackets" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      id: "bc.ptt.brackets",
      value: published.value,
      unit: "CAD-bracket-array",
      version: published.version,
      effective_iso: published.effective_iso,
      expires_iso: published.expires_iso,
      citations: published.citations,
      canonical_url: `${BASE}/api/v1/facts/by-id/bc.ptt.brackets.json`,
      history: (published.history ?? []).map(({ citations: _citations, ...entry }) => entry),
    });
    expect((result.structuredContent!.history as unknown[]).length).toBeGreaterThan(0);
    expect((result.structuredContent!.value as { rate: number }[]).map((bracket) => bracket.rate)).toEqual([
      0.01, 0.02, 0.03, 0.05,
    ]);

    const text = textOf(result);
    expect(text).toContain(`${BASE}/api/v1/facts/by-id/bc.ptt.brackets.json`);
    for (const citation of published.citations)
      expect(text).toContain(citation.quote ? `${citation.url}\n    quote: "${citation.quote}"` : citation.url);
    expect(text).toContain(published.effective_iso);
  });

  it("answers an unknown fact id with the protocol's invalid-params error, and keeps serving", async () => {
    const result = await server.call("get_fact", { id: "bc.no_such.fact" });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/^MCP error -32602: unknown fact id: bc\.no_such\.fact/);

    const next = await server.call("get_fact", { id: "bc.rent_cap.2026" });
    expect(next.isError).toBeFalsy();
    expect(next.structuredContent).toMatchObject({
      id: "bc.rent_cap.2026",
      canonical_url: `${BASE}/api/v1/facts/by-id/bc.rent_cap.2026.json`,
    });
  });

  it("get_fact resolves a yearly series name to its member in force, as the series endpoint answers it", async () => {
    const alias = await readPublished<SeriesResponse>(SITE_PATHS.series("bc.rent_cap"));
    const result = await server.call("get_fact", { id: "bc.rent_cap" });
    expect(result.isError).toBeFalsy();
    expect(alias.in_force_id).toBe("bc.rent_cap.2026");
    expect(result.structuredContent).toMatchObject({
      id: alias.in_force_id,
      value: alias.fact!.value,
      resolved_from_series: { series: "bc.rent_cap", as_of: alias.as_of, members: alias.members },
    });
    expect(textOf(result).split("\n")[0]).toBe(
      `bc.rent_cap is a yearly series; its member in force on ${alias.as_of} is bc.rent_cap.2026. Every member, newest first:`,
    );
  });

  it("refuses bad arguments with the protocol's invalid-params error naming the argument, and keeps serving", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["get_fact", {}, "id"],
      ["upcoming_changes", { days: -5 }, "days"],
      ["upcoming_changes", { days: 1.5 }, "days"],
      ["property_transfer_tax", { price: "650000" }, "price"],
      ["search_facts", { query: "" }, "query"],
    ];
    for (const [name, args, argument] of cases) {
      const result = await server.call(name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(result)).toMatch(
        new RegExp(
          `^MCP error -32602: Input validation error: Invalid arguments for tool ${name}: .*\\b${argument}\\b`,
        ),
      );
    }
    expect((await server.call("search_facts", { query: "rent" })).isError).toBeFalsy();
  });

  it("search_facts finds the foreign-buyer facts first for 'foreign buyer', each with its canonical URL and citations", async () => {
    const result = await server.call("search_facts", { query: "foreign buyer" });
    expect(result.isError).toBeFalsy();
    const { results, match_count } = result.structuredContent as {
      results: (CitedFact & { id: string })[];
      match_count: number;
    };
    const foreignBuyerFacts = catalog.facts.filter((fact) => fact.id.includes("foreign_buyer")).map((fact) => fact.id);
    expect(foreignBuyerFacts.length).toBeGreaterThanOrEqual(3);
    expect(
      results
        .slice(0, foreignBuyerFacts.length)
        .map((each) => each.id)
        .sort(),
    ).toEqual(foreignBuyerFacts.sort());
    expect(results.length).toBeLessThanOrEqual(10);
    expect(match_count).toBeGreaterThanOrEqual(results.length);
    for (const each of results) {
      expect(each.canonical_url).toBe(`${BASE}/api/v1/facts/by-id/${each.id}.json`);
      expect(each.citations.length).toBeGreaterThan(0);
    }
    expect(textOf(result)).toContain(`${BASE}/api/v1/facts/by-id/${results[0]!.id}.json`);

    const none = await server.call("search_facts", { query: "zzzz qqqq" });
    expect(none.structuredContent).toMatchObject({ match_count: 0, results: [] });
  });

  it("upcoming_changes lists what is dated within the window of the tree's as_of date, each with citations and canonical URL", async () => {
    const days = 60;
    const result = await server.call("upcoming_changes", { days });
    expect(result.isError).toBeFalsy();
    const answer = result.structuredContent as {
      as_of: string;
      until: string;
      complete: boolean;
      items: (CitedFact & { date: string; uid: string; kind: string })[];
    };
    expect(answer).toMatchObject({ as_of: upcoming.as_of, until: addDays(upcoming.as_of, days), complete: true });
    const expected = upcoming.items
      .filter((item) => item.date <= addDays(upcoming.as_of, days))
      .map((item) => item.uid);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.items.map((item) => item.uid)).toEqual(expected);
    for (const item of answer.items) {
      expect(item.canonical_url).toBe(`${BASE}/api/v1/facts/by-id/${item.fact_id}.json`);
      expect(item.citations.length).toBeGreaterThan(0);
    }
    const scheduled = answer.items.find((item) => item.kind === "scheduled-change");
    if (scheduled)
      expect(scheduled.citations).toEqual(upcoming.items.find((item) => item.uid === scheduled.uid)!.citations);
  });

  it("upcoming_changes says so when the window asked for reaches past the published list, rather than cutting it silently", async () => {
    const days = upcoming.window_days + 100;
    const result = await server.call("upcoming_changes", { days });
    const answer = result.structuredContent as {
      complete: boolean;
      note: string;
      published_until: string;
      items: unknown[];
    };
    expect(answer.complete).toBe(false);
    expect(answer.published_until).toBe(upcoming.until);
    expect(answer.note).toContain(upcoming.until);
    expect(answer.items).toHaveLength(upcoming.items.length);
    expect(textOf(result)).toContain(answer.note);
  });

  it("property_transfer_tax gives the Ministry's examples, $11,000 on $650,000 and $143,000 on $4,500,000, citing the facts used", async () => {
    const brackets = await factNamed("bc.ptt.brackets");
    for (const [price, total] of [
      [650_000, 11_000],
      [4_500_000, 143_000],
    ] as const) {
      const result = await server.call("property_transfer_tax", { price });
      expect(result.isError, String(price)).toBeFalsy();
      const answer = result.structuredContent as { total: number; citations: (CitedFact & { version: number })[] };
      expect(answer.total).toBe(total);
      expect(answer.citations).toContainEqual(
        expect.objectContaining({
          fact_id: "bc.ptt.brackets",
          version: brackets.version,
          canonical_url: `${BASE}/api/v1/facts/by-id/bc.ptt.brackets.json`,
          citations: brackets.citations,
        }),
      );
      expect(textOf(result)).toContain(`$${total.toLocaleString("en-CA")}`);
      expect(textOf(result)).toContain(`${BASE}/api/v1/facts/by-id/bc.ptt.brackets.json`);
    }

    const foreign = await server.call("property_transfer_tax", { price: 1_000_000, foreignBuyer: true });
    const cited = (foreign.structuredContent as { citations: CitedFact[] }).citations.map((used) => used.fact_id);
    expect(cited).toEqual(expect.arrayContaining(["bc.ptt.brackets", "bc.ptt.foreign_buyer_additional"]));
  });

  it("property_transfer_tax refuses a calculation the rules do not allow with the protocol's invalid-params error", async () => {
    const result = await server.call("property_transfer_tax", {
      price: 500_000,
      firstTimeBuyer: true,
      foreignBuyer: true,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^MCP error -32602: cannot calculate property transfer tax: /);
  });

  it("answers every published fact within its output schema as the client checks it, and writes nothing but protocol messages to stdout", async () => {
    for (const fact of catalog.facts) {
      const result = await server.call("get_fact", { id: fact.id });
      expect(result.isError, fact.id).toBeFalsy();
      expect((result.structuredContent as { citations: unknown[] }).citations, fact.id).toHaveLength(
        fact.citations.length,
      );
    }
    expect((await server.call("upcoming_changes", { days: 3650 })).isError).toBeFalsy();
    expect(server.protocolErrors).toEqual([]);
  });
});

// A citation URL that is no RFC 3986 URI is answered, when a call reads its fact's file, with a tool error naming the
// file and the JSON Pointer: tests/mcp/mcp-on-demand.test.ts.
