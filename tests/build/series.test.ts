import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFactsClient, FactsClientError } from "../../packages/client/src/index.ts";
import { buildModel, writeSite } from "../../src/build/build-model.ts";
import { renderSite } from "../../src/render/render-site.ts";
import type { Manifest, SearchIndex, SeriesResponse, SingleFactResponse } from "../../src/schemas/index.ts";
import { factValue } from "../helpers/fact-values.ts";
import { factJson, type GitRepo } from "../helpers/git-repo.ts";
import { LIMITS } from "../helpers/limits.ts";
import { before2027, capYear, OTHER_ID, rollOver, SERIES } from "../helpers/rent-cap-series.ts";
import { runCheck } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { startServer } from "../server/start-server.ts";

const BASE = "https://facts.example.org";

/** Builds `repo` as `npm run build` does, for the build date `today`, into a fresh folder. */
const build = async (repo: GitRepo, today: string): Promise<string> => {
  const out = path.join(await tempDir(), "_site");
  await writeSite(renderSite(await buildModel(repo.root, { baseUrl: BASE, today })), out);
  return out;
};

const readJson = async <T>(out: string, sitePath: string): Promise<T> =>
  JSON.parse(await readFile(path.join(out, sitePath), "utf8")) as T;

describe("the series alias across a yearly roll-over", () => {
  it(
    "answers the 2026 cap before the 2027 one is published, and the 2027 cap once it is, with both years listed",
    async () => {
      const repo = await before2027();
      const early = await build(repo, "2026-12-15");
      const first = await readJson<SeriesResponse>(early, "api/v1/facts/series/bc.rent_cap.json");
      expect(first).toMatchObject({ series: SERIES, as_of: "2026-12-15", in_force_id: "bc.rent_cap.2026" });
      expect(first.fact).toEqual(
        (await readJson<SingleFactResponse>(early, "api/v1/facts/by-id/bc.rent_cap.2026.json")).fact,
      );
      expect(first.members.map((member) => [member.id, member.year, member.in_force])).toEqual([
        ["bc.rent_cap.2026", 2026, true],
      ]);

      await rollOver(repo);
      // The 2027 fact cannot be published before its day: the check refuses a current effective_iso after today.
      await expect(build(repo, "2026-12-31")).rejects.toThrow(
        /facts\/rental\/bc\.rent_cap\.2027\.json:\d+:\d+: effective_iso 2027-01-01 is after today \(2026-12-31\).*\[effective-not-in-future\]/,
      );
      const late = await build(repo, "2027-01-10");
      const second = await readJson<SeriesResponse>(late, "api/v1/facts/series/bc.rent_cap.json");
      expect(second).toMatchObject({ as_of: "2027-01-10", in_force_id: "bc.rent_cap.2027" });
      expect(second.fact).toEqual(
        (await readJson<SingleFactResponse>(late, "api/v1/facts/by-id/bc.rent_cap.2027.json")).fact,
      );
      expect(second.fact?.value).toMatchObject({ rent_year: 2027, max_increase_rate: 0.02 });
      expect(second.members).toEqual([
        {
          id: "bc.rent_cap.2027",
          label: "Rent cap 2027",
          year: 2027,
          effective_iso: "2027-01-01",
          superseded_iso: null,
          superseded_by: null,
          in_force: true,
          canonical_url: `${BASE}/api/v1/facts/by-id/bc.rent_cap.2027.json`,
        },
        {
          id: "bc.rent_cap.2026",
          label: "Rent cap 2026",
          year: 2026,
          effective_iso: "2026-01-01",
          superseded_iso: "2027-01-01",
          superseded_by: "bc.rent_cap.2027",
          in_force: false,
          canonical_url: `${BASE}/api/v1/facts/by-id/bc.rent_cap.2026.json`,
        },
      ]);
      const manifest = await readJson<Manifest>(late, "api/v1/facts/manifest.json");
      expect(manifest.series_list).toEqual([SERIES]);
      expect(manifest.endpoints?.series_pattern).toBe(`${BASE}/api/v1/facts/series/{series}.json`);
      const openApi = await readJson<{
        paths: Record<string, { get: { parameters: { schema: { enum: string[] } }[] } }>;
      }>(late, ".well-known/openapi.json");
      expect(openApi.paths["/api/v1/facts/series/{series}.json"]!.get.parameters[0]!.schema.enum).toEqual([SERIES]);
      // Each year's page for people links the alias, so a reader of the superseded year finds the year in force.
      const page = await readFile(path.join(late, "bc.rent_cap.2026.html"), "utf8");
      expect(page).toContain(
        '<a href="api/v1/facts/series/bc.rent_cap.json">JSON for the year in force of the series bc.rent_cap</a>',
      );
      const search = await readJson<SearchIndex>(late, "api/v1/facts/search-index.json");
      for (const id of ["bc.rent_cap.2026", "bc.rent_cap.2027"]) {
        expect(search.find((item) => item.id === id)?.aliases).toEqual(expect.arrayContaining([SERIES, "rent cap"]));
      }
    },
    LIMITS.test,
  );

  it(
    "lets the client resolve the alias on a served tree: a series name to its member in force, an id to itself",
    async () => {
      const repo = await before2027();
      const earlyServer = await startServer(await build(repo, "2026-12-15"));
      await rollOver(repo);
      const lateServer = await startServer(await build(repo, "2027-01-10"));

      const early = createFactsClient({ baseUrl: earlyServer.origin });
      const late = createFactsClient({ baseUrl: lateServer.origin });
      expect((await early.resolve(SERIES)).fact.id).toBe("bc.rent_cap.2026");
      const resolved = await late.resolve(SERIES);
      expect(resolved.fact.id).toBe("bc.rent_cap.2027");
      expect(resolved.series?.members.map((member) => member.id)).toEqual(["bc.rent_cap.2027", "bc.rent_cap.2026"]);
      // An id is never taken for a series: the superseded year still answers as itself.
      const old = await late.resolve("bc.rent_cap.2026");
      expect(old.series).toBeUndefined();
      expect(old.fact.superseded_by).toEqual({ id: "bc.rent_cap.2027", effective_iso: "2027-01-01" });
      expect((await late.series(SERIES)).in_force_id).toBe("bc.rent_cap.2027");

      const unknown = await late.resolve("bc.no_such").catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(FactsClientError);
      expect((unknown as FactsClientError).status).toBe(404);
      expect((unknown as FactsClientError).message).toMatch(/^"bc\.no_such" is neither a fact id nor a series name: /);
      expect((unknown as FactsClientError).body?.known_ids).toEqual(
        [OTHER_ID, "bc.rent_cap.2026", "bc.rent_cap.2027"].sort(),
      );
    },
    LIMITS.test,
  );
});

/**
 * `file:line:column` of the member `key` written at `depth` (1 for a top-level key, 2 for a key of a top-level object)
 * in the file as written, the place the check names.
 */
const at = async (repo: GitRepo, file: string, key: string, depth = 1): Promise<string> => {
  const lines = (await readFile(path.join(repo.root, file), "utf8")).split("\n");
  const line = lines.findIndex((text) => text.startsWith(`${"  ".repeat(depth)}"${key}":`)) + 1;
  expect(line).toBeGreaterThan(0);
  return `${file}:${line}:${depth * 2 + 1}`;
};

describe("the check on series", () => {
  const check = async (repo: GitRepo, today: string) => {
    const result = await runCheck(repo.root, today, { base: "HEAD" });
    return {
      code: result.code,
      lines: `${result.stdout}\n${result.stderr}`.split("\n").filter((line) => /^facts\//.test(line)),
    };
  };

  it(
    "refuses two members in force and a superseded_by naming no fact, each at its file, line and JSON path",
    async () => {
      const repo = await before2027();
      await repo.writeJson(
        "facts/rental/bc.rent_cap.2027.json",
        capYear(2027, { rate: 0.02, retrieved: "2027-01-05" }),
      );
      await repo.writeJson(`facts/tax/${OTHER_ID}.json`, {
        ...factJson({ id: OTHER_ID, value: factValue(OTHER_ID) }),
        superseded_by: { id: "bc.gone.fact", effective_iso: "2026-06-01" },
      });
      const { code, lines } = await check(repo, "2027-01-10");
      expect(code).toBe(1);
      expect(lines).toEqual([
        `${await at(repo, "facts/rental/bc.rent_cap.2026.json", "superseded_by")}: bc.rent_cap.2026 and bc.rent_cap.2027 of series "bc.rent_cap" would both be in force from 2027-01-01; set superseded_by to {"id": "bc.rent_cap.2027", "effective_iso": "2027-01-01"} (CONTRIBUTING.md, "Yearly series") (at /superseded_by) [series]`,
        `${await at(repo, `facts/tax/${OTHER_ID}.json`, "id", 2)}: superseded_by names "bc.gone.fact", which is no fact in facts/: name an existing fact, or null if none replaces it (at /superseded_by/id) [superseded-by]`,
      ]);
    },
    LIMITS.test,
  );

  it(
    "refuses a handover to another fact than the next member, on another date, and a series named like a fact",
    async () => {
      const repo = await before2027();
      await rollOver(repo);
      const file = "facts/rental/bc.rent_cap.2026.json";
      await repo.writeJson(
        file,
        capYear(2026, {
          rate: 0.023,
          retrieved: "2026-11-01",
          supersededBy: { id: OTHER_ID, effective_iso: "2027-01-01" },
        }),
      );
      expect((await check(repo, "2027-01-10")).lines).toEqual([
        `${await at(repo, file, "id", 2)}: superseded_by names ${OTHER_ID}, but the next member of series "bc.rent_cap" is bc.rent_cap.2027 (in facts/rental/bc.rent_cap.2027.json); set superseded_by to {"id": "bc.rent_cap.2027", "effective_iso": "2027-01-01"} (at /superseded_by/id) [series]`,
      ]);
      await repo.writeJson(
        file,
        capYear(2026, {
          rate: 0.023,
          retrieved: "2026-11-01",
          supersededBy: { id: "bc.rent_cap.2027", effective_iso: "2027-02-01" },
        }),
      );
      expect((await check(repo, "2027-01-10")).lines).toEqual([
        `${await at(repo, file, "effective_iso", 2)}: superseded_by.effective_iso is 2027-02-01, but bc.rent_cap.2027, the next member of series "bc.rent_cap", takes effect on 2027-01-01; the handover is on that day, with no gap or overlap (at /superseded_by/effective_iso) [series]`,
      ]);
      await rollOver(repo);
      await repo.writeJson("facts/tax/bc.rent_cap.json", factJson({ id: "bc.rent_cap" }));
      // The clashing fact exists only to take the series' name, so its own lack of a value schema is not this test's.
      const clash = (await check(repo, "2027-01-10")).lines.filter(
        (line) => !line.startsWith("facts/tax/bc.rent_cap.json:"),
      );
      expect(clash).toHaveLength(2);
      for (const line of clash) {
        expect(line).toMatch(
          /^facts\/rental\/bc\.rent_cap\.202[67]\.json:6:3: series "bc\.rent_cap" is the id of the fact in facts\/tax\/bc\.rent_cap\.json; a series name must differ from every fact id.* \(at \/series\) \[series\]$/,
        );
      }
    },
    LIMITS.test,
  );

  it(
    "refuses two members taking effect on one day, at the later member's effective_iso",
    async () => {
      const repo = await before2027();
      const twin = { ...capYear(2026, { rate: 0.023, retrieved: "2026-11-01" }), id: "bc.rent_cap.2026_copy" };
      await repo.writeJson("facts/rental/bc.rent_cap.2026_copy.json", twin);
      expect((await check(repo, "2026-12-15")).lines).toEqual([
        `${await at(repo, "facts/rental/bc.rent_cap.2026_copy.json", "effective_iso")}: bc.rent_cap.2026 and bc.rent_cap.2026_copy of series "bc.rent_cap" both take effect on 2026-01-01; one member is in force at a time, each from its own date (at /effective_iso) [series]`,
      ]);
    },
    LIMITS.test,
  );

  it(
    "passes the roll-over as CONTRIBUTING.md describes it",
    async () => {
      const repo = await before2027();
      await rollOver(repo);
      const { code, lines } = await check(repo, "2027-01-10");
      expect(lines).toEqual([]);
      expect(code).toBe(0);
    },
    LIMITS.test,
  );
});
