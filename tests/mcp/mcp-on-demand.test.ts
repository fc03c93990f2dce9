import { createHash } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  affordability,
  cashToClose,
  type FactSource,
  flippingTax,
  gstOnNewHome,
  homeOwnerGrant,
  type Manifest,
  minimumDownPayment,
  mortgageInsurancePremium,
  type PlaceRecord,
  propertyTransferTax,
  qualifyingRate,
  rentIncrease,
  SITE_PATHS,
} from "../../packages/client/src/index.ts";
import { createMcpServer } from "../../src/mcp/mcp-server.ts";
import { loadSiteTree } from "../../src/mcp/site-tree.ts";
import type { AllFacts, SingleFactResponse } from "../../src/schemas/index.ts";
import { frozenSite } from "../helpers/build-site.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { connectToServer, textOf } from "./connect.ts";

// The MCP server reads at start only the small files of the tree (the manifest, the search index, the upcoming list,
// the places index, the head of llms.txt) and each fact's file when a call first needs it, checked against the
// manifest's SHA-256 and its schema: it answers from a tree pruned to the files a call needs, answers a damaged file
// with a tool error naming it, and answers exactly as it would with every fact at hand.

const { out } = frozenSite();

/** The foreign buyer's transfer of 2017 in a specified area: 1% and 2% of $650,000 is $11,000, plus 15%, $97,500. */
const FOREIGN_2017 = { price: 650_000, foreignBuyer: true, inSpecifiedArea: true, asOf: "2017-06-01" };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The MCP server on `site`, in this process, spoken to by the SDK's client; `reads` collects each file it reads. */
const serve = async (site: string) => {
  const reads: string[] = [];
  const tree = await loadSiteTree(site, { onRead: (sitePath) => reads.push(sitePath) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(tree).connect(serverSide);
  const client = new Client({ name: "facts-tests", version: "1.0.0" });
  await client.connect(clientSide);
  closers.push(() => client.close());
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { call, reads };
};

/** Writes `text` at `sitePath` of `site` and lists its size and SHA-256 in the manifest, as a build would. */
const rewriteListed = async (site: string, sitePath: string, text: string): Promise<void> => {
  await writeFile(path.join(site, sitePath), text);
  const manifestFile = path.join(site, SITE_PATHS.manifest);
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
  const entry = manifest.files!.find((each) => each.path === sitePath)!;
  entry.bytes = Buffer.byteLength(text);
  entry.sha256 = createHash("sha256").update(text).digest("hex");
  await writeFile(manifestFile, JSON.stringify(manifest));
};

/** Every fact of the tree (all.json, in the catalog's order) and every place file: what a calculator had before. */
const everything = async (): Promise<FactSource & { places: PlaceRecord[] }> => {
  const all = JSON.parse(await readFile(path.join(out, SITE_PATHS.factsAll), "utf8")) as AllFacts;
  const folder = path.join(out, "api/v1/places");
  const files = (await readdir(folder)).filter((name) => name.endsWith(".json") && name !== "index.json").sort();
  const index = JSON.parse(await readFile(path.join(folder, "index.json"), "utf8")) as { places: { id: string }[] };
  const byId = new Map<string, PlaceRecord>();
  for (const name of files) {
    const { place } = JSON.parse(await readFile(path.join(folder, name), "utf8")) as { place: PlaceRecord };
    byId.set(place.id, place);
  }
  return { facts: all.facts, places: index.places.map((each) => byId.get(each.id)!) };
};

describe("the MCP server reads facts on demand", () => {
  let full: FactSource;

  beforeAll(async () => {
    full = await everything();
  });

  it("answers the foreign buyer's 2017 transfer from a tree pruned to the by-id files it cites, its catalog unreadable", async () => {
    const cited = propertyTransferTax(full, FOREIGN_2017).citations.map((used) => used.fact_id);
    expect(cited.sort()).toEqual(["bc.ptt.brackets", "bc.ptt.foreign_buyer_additional"]);
    // The calculator reads the federal ban too, to say whether it was in force (not yet in 2017, so it is not cited).
    const needed = [...cited, "ca.foreign_buyer_ban"];
    const site = await tempDir(out);
    // The catalog and the full records are never read: both are no longer JSON at all.
    await writeFile(path.join(site, SITE_PATHS.catalog), "not a catalog ".repeat(100_000));
    await writeFile(path.join(site, SITE_PATHS.factsAll), "{");
    const byId = path.join(site, SITE_PATHS.byIdPrefix);
    for (const name of await readdir(byId)) {
      if (name.endsWith(".json") && !needed.includes(name.slice(0, -".json".length))) await rm(path.join(byId, name));
    }

    const { call, reads } = await serve(site);
    const answer = await call("property_transfer_tax", FOREIGN_2017);
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ general: 11_000, additional: 97_500, total: 108_500 });
    expect(textOf(answer).split("\n")[0]).toBe(
      "B.C. property transfer tax on $650,000 registered on 2017-06-01: $108,500",
    );
    // It read the files of the facts it needs, each once, and nothing else.
    expect([...reads].sort()).toEqual(needed.map((id) => SITE_PATHS.factById(id)).sort());
    expect(new Set(reads).size).toBe(reads.length);
    const again = await call("property_transfer_tax", FOREIGN_2017);
    expect(again.structuredContent).toEqual(answer.structuredContent);
    expect(reads).toHaveLength(needed.length);

    // A fact whose file was pruned is a tool error naming the file; the server answers the next call.
    const pruned = await call("get_fact", { id: "bc.strata.form_b_fee" });
    expect(pruned.isError).toBe(true);
    expect(textOf(pruned)).toContain(
      `${path.join(site, SITE_PATHS.factById("bc.strata.form_b_fee").slice(1))}: the manifest lists ${SITE_PATHS.factById("bc.strata.form_b_fee")}, but the tree has no such file`,
    );
    expect((await call("property_transfer_tax", FOREIGN_2017)).isError).toBeFalsy();
  });

  it("answers a by-id file damaged after it started with a tool error naming the file and the path, and keeps serving", async () => {
    const site = await tempDir(out);
    // A citation URL that is no RFC 3986 URI, listed in the manifest as built: a problem of the schema, located.
    const ptt = SITE_PATHS.factById("bc.ptt.brackets");
    const edited = JSON.parse(await readFile(path.join(site, ptt), "utf8")) as SingleFactResponse;
    edited.fact.citations[0]!.url = "https://www2.gov.bc.ca/search?q={ptt}|rates";
    await rewriteListed(site, ptt, JSON.stringify(edited, null, 2));

    const server = await connectToServer(site);
    closers.push(() => server.client.close());
    expect((await server.call("get_fact", { id: "bc.ptt.foreign_buyer_additional" })).isError).toBeFalsy();
    // Damaged after the server started: no longer JSON, and no longer the bytes the manifest lists.
    const fhsa = SITE_PATHS.factById("cra.fhsa.contribution_room");
    await writeFile(path.join(site, fhsa), '{"fact": ');

    const invalid = await server.call("get_fact", { id: "bc.ptt.brackets" });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(
      new RegExp(
        `${path.join(site, ptt.slice(1)).replaceAll(".", "\\.")}:\\d+:\\d+: must be a URI: percent-encode .*\\(at /fact/citations/0/url\\)`,
      ),
    );
    const tax = await server.call("property_transfer_tax", { price: 650_000, asOf: "2026-06-01" });
    expect(tax.isError).toBe(true);
    expect(textOf(tax)).toContain(`${path.join(site, ptt.slice(1))}:`);

    const damaged = await server.call("get_fact", { id: "cra.fhsa.contribution_room" });
    expect(damaged.isError).toBe(true);
    expect(textOf(damaged)).toContain(`${path.join(site, fhsa.slice(1))}: is not the file the manifest lists (`);
    // Every other call is answered as before.
    expect((await server.call("get_fact", { id: "bc.ptt.foreign_buyer_additional" })).isError).toBeFalsy();
    expect((await server.call("search_facts", { query: "strata" })).isError).toBeFalsy();
    expect(server.protocolErrors).toEqual([]);
  });

  it("refuses a file whose bytes differ from the manifest's SHA-256, even of the same size", async () => {
    const site = await tempDir(out);
    const sitePath = SITE_PATHS.factById("bc.ptt.brackets");
    const file = path.join(site, sitePath.slice(1));
    const text = await readFile(file, "utf8");
    // One character of the label changed: still valid, the same size, another SHA-256.
    const forged = text.replace(/"label":"(.)/, '"label":"X');
    expect(Buffer.byteLength(forged)).toBe(Buffer.byteLength(text));
    expect(forged).not.toBe(text);
    await writeFile(file, forged);

    const { call } = await serve(site);
    const answer = await call("get_fact", { id: "bc.ptt.brackets" });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(
      new RegExp(
        `${file.replaceAll(".", "\\.")}: is not the file the manifest lists \\(SHA-256 differs \\(listed [0-9a-f]{64}, served [0-9a-f]{64}\\)\\)`,
      ),
    );
    // A longer file is refused by its size, before it is read.
    await writeFile(file, `${text} `);
    expect(textOf(await call("get_fact", { id: "bc.ptt.brackets" }))).toContain(
      `${file}: is not the file the manifest lists (${Buffer.byteLength(text)} bytes listed, ${Buffer.byteLength(text) + 1} on disk)`,
    );
    expect((await call("get_fact", { id: "bc.ptt.foreign_buyer_additional" })).isError).toBeFalsy();
  });

  it("answers each calculator exactly as the calculator does with every fact and place at hand", async () => {
    const { call } = await serve(out);
    const pruned = await tempDir(out);
    await writeFile(path.join(pruned, SITE_PATHS.catalog), "[");
    await writeFile(path.join(pruned, SITE_PATHS.factsAll), "[");
    const onPruned = await serve(pruned);
    const purchase = {
      price: 700_000,
      downPayment: 70_000,
      amortizationYears: 30,
      firstTimeBuyer: true,
      asOf: "2026-06-01",
    };
    const household = {
      annualIncome: 150_000,
      monthlyDebtPayments: 500,
      annualPropertyTax: 4_000,
      monthlyHeating: 100,
      monthlyStrataFee: 0,
      contractRate: 0.045,
      amortizationYears: 25,
      price: 700_000,
      asOf: "2026-06-01",
    };
    const surrey = { price: 3_400_000, foreignBuyer: true, place: "surrey", asOf: "2018-03-01" };
    const firstHome = { price: 480_000, firstTimeBuyer: true, asOf: "2017-06-01" };
    const grant = { assessedValue: 1_500_000, place: "kamloops", asOf: "2025-06-01" };
    const rent = { currentRent: 2_000, increaseDate: "2026-03-01" };
    const newHome = { price: 800_000, firstTimeBuyer: true, agreementDate: "2025-06-01", asOf: "2026-06-01" };
    const flip = { purchaseDate: "2025-03-01", saleDate: "2025-09-01", proceeds: 900_000, cost: 800_000 };
    const calls: [string, Record<string, unknown>, (source: FactSource) => object][] = [
      ["property_transfer_tax", FOREIGN_2017, (source) => propertyTransferTax(source, FOREIGN_2017)],
      ["property_transfer_tax", surrey, (source) => propertyTransferTax(source, surrey)],
      ["property_transfer_tax", firstHome, (source) => propertyTransferTax(source, firstHome)],
      ["home_owner_grant", grant, (source) => homeOwnerGrant(source, grant)],
      [
        "minimum_down_payment",
        { price: 800_000, amortizationYears: 30, asOf: "2026-06-01" },
        (source) => minimumDownPayment(source, 800_000, { amortizationYears: 30, asOf: "2026-06-01" }),
      ],
      [
        "qualifying_rate",
        { contractRate: 0.045, asOf: "2026-06-01" },
        (source) => qualifyingRate(source, 0.045, { asOf: "2026-06-01" }),
      ],
      ["mortgage_insurance_premium", purchase, (source) => mortgageInsurancePremium(source, purchase)],
      ["cash_to_close", purchase, (source) => cashToClose(source, purchase)],
      ["affordability", household, (source) => affordability(source, household)],
      ["rent_increase", rent, (source) => rentIncrease(source, rent)],
      ["gst_on_new_home", newHome, (source) => gstOnNewHome(source, newHome)],
      ["flipping_tax", flip, (source) => flippingTax(source, flip)],
    ];
    for (const [name, args, calculate] of calls) {
      const label = `${name} ${JSON.stringify(args)}`;
      const expected = calculate(full) as { citations: { fact_id: string; version?: number }[] };
      const answer = await call(name, args);
      expect(answer.isError, `${label}: ${textOf(answer)}`).toBeFalsy();
      const { citations, ...result } = expected;
      const structured = answer.structuredContent as typeof expected;
      expect(structured, label).toMatchObject(result);
      expect(
        structured.citations.map((used) => [used.fact_id, used.version]),
        label,
      ).toEqual(citations.map((used) => [used.fact_id, used.version]));
      // The tree whose catalog cannot be read answers the same, to the byte.
      expect(await onPruned.call(name, args), label).toEqual(answer);
    }
  });
});
