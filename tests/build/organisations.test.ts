import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildModel } from "../../src/build/build-model.ts";
import { ORGANISATIONS_FILE } from "../../src/model/reference.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { sourcesSummary } from "../../src/render/site-model.ts";
import { type Organisation, SCHEMA_VERSION } from "../../src/schemas/index.ts";
import { buildProjectSite } from "../helpers/build-site.ts";
import { factValue } from "../helpers/fact-values.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { createGitRepo, factJson } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

type Json = Record<string, unknown>;

const registry = async (): Promise<Organisation[]> =>
  (
    JSON.parse(await readFile(path.join(frozenData().root, ORGANISATIONS_FILE), "utf8")) as {
      organisations: Organisation[];
    }
  ).organisations;

describe("the published citations name their organisations from the registry", () => {
  it("builds the project with its whole git history, and every current citation carries the registry's name, id and kind", async () => {
    const { out } = await buildProjectSite();
    const organisations = new Map((await registry()).map((organisation) => [organisation.id, organisation]));
    const all = JSON.parse(await readFile(path.join(out, "api/v1/facts/all.json"), "utf8")) as {
      schema_version: string;
      facts: Json[];
    };
    // The current schema version: org_id and org_kind came with 1.3.0 and every later version keeps them.
    expect(all.schema_version).toBe(SCHEMA_VERSION);
    const citations = all.facts.flatMap((fact) => [
      ...(fact.citations as Json[]),
      ...((fact.scheduled as Json[]) ?? []).flatMap((change) => change.citations as Json[]),
    ]);
    expect(citations.length).toBeGreaterThan(all.facts.length);
    for (const citation of citations) {
      const organisation = organisations.get(citation.org_id as string);
      expect(organisation, String(citation.org_id)).toBeDefined();
      expect([citation.org, citation.org_kind]).toEqual([organisation!.name, organisation!.kind]);
    }
    // llms.txt describes the sources as counted from these citations at build time.
    const llmsText = await readFile(path.join(out, "llms.txt"), "utf8");
    expect(llmsText).toContain(
      `${sourcesSummary(all.facts as unknown as Parameters<typeof sourcesSummary>[0])} Official sources are`,
    );
    expect(llmsText).toContain(
      `The ${all.facts.length} facts carry ${citations.length - all.facts.flatMap((fact) => (fact.scheduled as Json[]) ?? []).flatMap((change) => change.citations as Json[]).length} citations`,
    );
    const rentCap = all.facts.find((fact) => fact.id === "bc.rent_cap.2026")!;
    expect((rentCap.next_expected as { where: Json }).where).toEqual({
      url: "https://www2.gov.bc.ca/gov/content/housing-tenancy/residential-tenancies/rent-rtb/rent-increases",
      org: "BC Residential Tenancy Branch",
      org_id: "bc-residential-tenancy-branch",
      org_kind: "government",
    });
  });

  it("publishes the citations of earlier versions in the diffs by the registry's name where their free-text name is known, and as written otherwise", async () => {
    const { out, model } = await buildProjectSite();
    const organisations = await registry();
    const known = new Set(
      organisations.flatMap((organisation) =>
        [organisation.id, organisation.name, ...(organisation.aliases ?? [])].map((name) => name.toLowerCase()),
      ),
    );
    const names = new Map(organisations.map((organisation) => [organisation.id, organisation.name]));
    let resolved = 0;
    let asWritten = 0;
    for (const diff of model.diffs) {
      const file = JSON.parse(await readFile(path.join(out, new URL(diff.canonical_url).pathname), "utf8")) as {
        before: Json;
        after: Json;
      };
      for (const citation of [...(file.before.citations as Json[]), ...(file.after.citations as Json[])]) {
        if (citation.org_id === undefined) {
          asWritten++;
          expect(known.has(String(citation.org).toLowerCase()), String(citation.org)).toBe(false);
          expect(citation.org_kind).toBeUndefined();
        } else {
          resolved++;
          expect(citation.org).toBe(names.get(citation.org_id as string));
        }
      }
    }
    // The history holds versions from before the registry: most of their organisations resolve through aliases.
    expect(resolved).toBeGreaterThan(asWritten);
  });

  it("resolves an earlier version's free-text organisation through the registry's aliases, and keeps an unknown one as written", async () => {
    const repo = await createGitRepo();
    const ltsaKind = (await registry()).find((organisation) => organisation.id === "ltsa")!.kind;
    const id = "cra.hbp.withdrawal_limit";
    const fact = factJson({ id, unit: "object", value: factValue(id), effective_iso: "2024-04-16" });
    const [citation] = fact.citations as Json[];
    const file = repo.factPath(id);
    await repo.writeJson(file, {
      ...fact,
      citations: [
        { ...citation, org: "Land Title and Survey Authority of BC (LTSA)" },
        { ...citation, url: "https://blog.example/hbp", org: "A blog no fact cites today", kind: "secondary" },
      ],
    });
    await repo.commit(`${id} v1`);
    await repo.writeJson(file, {
      ...fact,
      version: 2,
      effective_iso: "2024-04-17",
      citations: [{ ...citation, org: "ltsa" }],
    });
    await repo.commit(`${id} v2\n\nImpact: Buyers may withdraw more.`);
    const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: "2026-11-21" });
    const diff = JSON.parse(String(renderSite(model).get(new URL(model.diffs[0]!.canonical_url).pathname))) as {
      before: Json;
      after: Json;
    };
    expect((diff.before.citations as Json[]).map(({ org, org_id, org_kind }) => ({ org, org_id, org_kind }))).toEqual([
      { org: "Land Title and Survey Authority of British Columbia (LTSA)", org_id: "ltsa", org_kind: ltsaKind },
      { org: "A blog no fact cites today", org_id: undefined, org_kind: undefined },
    ]);
    expect((diff.after.citations as Json[])[0]).toMatchObject({
      org: "Land Title and Survey Authority of British Columbia (LTSA)",
      org_id: "ltsa",
    });
    expect(model.facts[0]!.citations[0]).toMatchObject({ org_id: "ltsa", org_kind: ltsaKind });
  });

  it("stops npm run build, writing nothing, when a current citation names no organisation of the registry", async () => {
    const repo = await createGitRepo();
    const fact = factJson({
      id: "cra.hbp.withdrawal_limit",
      unit: "object",
      value: factValue("cra.hbp.withdrawal_limit"),
    });
    await repo.writeJson(repo.factPath("cra.hbp.withdrawal_limit"), {
      ...fact,
      citations: [{ ...(fact.citations as Json[])[0], org: "Ministry of Finance" }],
    });
    await repo.commit("a fact citing a name");
    const out = path.join(await tempDir(), "_site");
    const result = await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], {
      env: { FACTS_TODAY: "2026-11-21" },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`no organisation "Ministry of Finance" in ${ORGANISATIONS_FILE}`);
    expect(result.stderr).toContain("(at /citations/0/org) [citation-org]");
    expect(await readdir(path.dirname(out))).toEqual([]);
  });
});
