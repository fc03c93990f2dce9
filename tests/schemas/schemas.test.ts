import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AffordabilityLatest,
  BracketArray,
  Citation,
  FACT_VALUE_SCHEMAS,
  FactFile,
  FactId,
  IsoDate,
  jsonSchemaText,
  MonthSlug,
  PUBLISHED_SCHEMAS,
  SCHEMA_LOCK_FILE,
  ValueDiff,
  WebhookBody,
} from "../../src/schemas/index.ts";
import { PROJECT_ROOT } from "../helpers/run-script.ts";

const validFact = JSON.parse(
  await readFile(path.join(PROJECT_ROOT, "tests/fixtures/check/valid/facts/tax/bc.ptt.brackets.json"), "utf8"),
) as Record<string, unknown>;

describe("dates", () => {
  it.each(["2026-02-28", "2024-02-29", "2000-02-29", "2026-12-31"])("accepts the real date %s", (date) => {
    expect(IsoDate.safeParse(date).success).toBe(true);
  });
  it.each([
    "2026-02-30",
    "2026-02-29",
    "1900-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-1-5",
    "2026-01-01T00:00:00Z",
    "",
  ])("refuses %s", (date) => {
    expect(IsoDate.safeParse(date).success).toBe(false);
  });
  it("refuses month 00 and 13 in index-data months", () => {
    expect(MonthSlug.safeParse("2024-00").success).toBe(false);
    expect(MonthSlug.safeParse("2024-13").success).toBe(false);
    expect(MonthSlug.safeParse("2024-12").success).toBe(true);
  });
});

describe("citations", () => {
  const base = { org: "BC Ministry of Finance", retrieved_iso: "2026-11-21" };
  it.each(["http://www2.gov.bc.ca/x", "ftp://gov.bc.ca/x", "www2.gov.bc.ca/x", "/relative/path", "https://"])(
    "refuses the URL %s",
    (url) => {
      expect(Citation.safeParse({ ...base, url }).success).toBe(false);
    },
  );
  it("accepts an absolute https URL and refuses unknown fields", () => {
    expect(Citation.safeParse({ ...base, url: "https://www2.gov.bc.ca/gov/content/taxes" }).success).toBe(true);
    expect(Citation.safeParse({ ...base, url: "https://www2.gov.bc.ca/", publisher: "x" }).success).toBe(false);
  });
});

describe("fact ids", () => {
  it.each(["bc.ptt.brackets", "ca.foreign_buyer_ban.exemptions", "bc.rent_cap.2026", "cra.fhsa.contribution_room"])(
    "accepts %s",
    (id) => {
      expect(FactId.safeParse(id).success).toBe(true);
    },
  );
  it.each(["bc", "BC.ptt", "bc..ptt", "bc.ptt.", "bc.ptt-brackets", "bc/ptt"])("refuses %s", (id) => {
    expect(FactId.safeParse(id).success).toBe(false);
  });
});

describe("fact files", () => {
  it("accepts the valid fixture and refuses a hand-written history", () => {
    expect(FactFile.safeParse(validFact).success).toBe(true);
    expect(FactFile.safeParse({ ...validFact, history: [] }).success).toBe(false);
  });
  it("refuses an unknown domain and a version below 1", () => {
    expect(FactFile.safeParse({ ...validFact, domain: "housing" }).success).toBe(false);
    expect(FactFile.safeParse({ ...validFact, version: 0 }).success).toBe(false);
    expect(FactFile.safeParse({ ...validFact, version: 1.5 }).success).toBe(false);
  });
  it("leaves the bracket shape to the value schema of the fact's id, which refuses brackets out of order", () => {
    const unordered = [
      { upper: 2000000, rate: 0.02 },
      { upper: 200000, rate: 0.01 },
      { upper: null, rate: 0.03 },
    ];
    // The fact file's own schema reads any value; `npm run check` applies the id's value schema (rule value-schema).
    expect(FactFile.safeParse({ ...validFact, value: unordered }).success).toBe(true);
    const refused = FACT_VALUE_SCHEMAS["bc.ptt.brackets"].safeParse(unordered);
    expect(refused.error?.issues.map((issue) => [issue.path.join("/"), issue.message])).toEqual([
      ["1/upper", "brackets must be in order: upper 200000 is not above 2000000"],
    ]);
    expect(BracketArray.safeParse([{ upper: null, rate: 0.05 }]).success).toBe(true);
  });
});

describe("published resources", () => {
  it("value diffs carry JSON pointers that keep dotted keys apart", () => {
    expect(
      ValueDiff.safeParse({ added_keys: [{ pointer: "/a.b/c~1d", value: 1 }], removed_keys: [], changed_keys: [] })
        .success,
    ).toBe(true);
    expect(
      ValueDiff.safeParse({ added_keys: [{ pointer: "a.b", value: 1 }], removed_keys: [], changed_keys: [] }).success,
    ).toBe(false);
  });
  it("the latest affordability response allows the pre-publication state", () => {
    const publication = {
      as_of: "2026-11-26",
      expected_from: null,
      expected_through: null,
      expected_count: 0,
      published_count: 0,
      latest_month: null,
      latest_board: null,
      months_behind: null,
      previous_published_month: null,
      months_since_previous: null,
      boards: [],
    };
    expect(
      AffordabilityLatest.safeParse({
        schema_version: "1.1.0",
        formula: "f",
        latest: null,
        publication_status: "pending",
        publication,
        license: "x",
      }).success,
    ).toBe(true);
  });
  it("the webhook body is the Schema.org UpdateAction envelope", () => {
    const body = {
      "@context": "https://schema.org",
      "@type": "UpdateAction",
      actionStatus: "CompletedActionStatus",
      agent: { "@type": "Person", name: "n", alternateName: "a", url: "https://example.org/" },
      endTime: "2026-11-21T10:00:00Z",
      object: {
        "@type": "Dataset",
        "@id": "https://example.org/#bc.ptt.brackets",
        identifier: "bc.ptt.brackets",
        version: 2,
        previousVersion: 1,
        current: { value: 1, expires_iso: "2027-05-20", effective_iso: "2018-02-21" },
        previous: { value: 0, expires_iso: "2027-05-20", effective_iso: "2016-02-17" },
        diff: { value: { from: 0, to: 1 } },
        url: "https://example.org/api/v1/facts/by-id/bc.ptt.brackets.json",
      },
      result: { "@type": "Dataset", "@id": "https://example.org/changelog.html" },
      license: "https://creativecommons.org/licenses/by/4.0/",
    };
    expect(WebhookBody.safeParse(body).success).toBe(true);
    expect(WebhookBody.safeParse({ ...body, "@type": "CreateAction" }).success).toBe(false);
  });
});

describe("generated JSON Schemas", () => {
  it("match the zod schemas (run `npm run schemas` after changing a schema)", async () => {
    const directory = path.join(PROJECT_ROOT, "schemas");
    const committed = (await readdir(directory)).filter((file) => file !== SCHEMA_LOCK_FILE).sort();
    expect(committed).toEqual(
      Object.keys(PUBLISHED_SCHEMAS)
        .map((name) => `${name}.schema.json`)
        .sort(),
    );
    for (const [name, schema] of Object.entries(PUBLISHED_SCHEMAS)) {
      expect(await readFile(path.join(directory, `${name}.schema.json`), "utf8"), name).toBe(
        jsonSchemaText(name, schema),
      );
    }
  });
});
