import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { factDiffs, historyEntries } from "../../src/derive/fact-diffs.ts";
import { readFactHistory, versionNote } from "../../src/derive/fact-history.ts";
import { urlsFor } from "../../src/lib/config.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { factValue } from "../helpers/fact-values.ts";
import { createGitRepo } from "../helpers/git-repo.ts";

const text = (content: string | Uint8Array | undefined): string =>
  typeof content === "string" ? content : Buffer.from(content ?? []).toString("utf8");

/** The Form B fee at v1, v2 (committed with `v2Message`) and v3, each v1 and v3 with its Source: and Impact: lines. */
const feeRepository = async (v2Message: string) => {
  const repo = await createGitRepo();
  // The build checks the data first, so each version's value has the fee fact's real shape, the fee its max_fee.
  const seed = { id: "bc.strata.form_b_fee", domain: "strata", unit: "object", retrieved_iso: "2026-11-01" };
  await repo.writeFact({ ...seed, value: factValue(seed.id, { max_fee: 35 }), effective_iso: "2020-01-01" });
  await repo.commit(
    "bc.strata.form_b_fee v1: fee of 35\n\nRecords the fee.\nSource: BC Ministry of Finance, Example, https://www2.gov.bc.ca/gov/content/example\nImpact: Buyers pay at most $35 for a Form B.",
  );
  await repo.writeFact({
    ...seed,
    value: factValue(seed.id, { max_fee: 40 }),
    version: 2,
    effective_iso: "2026-01-01",
  });
  const v2 = await repo.commit(v2Message);
  await repo.writeFact({
    ...seed,
    value: factValue(seed.id, { max_fee: 45 }),
    version: 3,
    effective_iso: "2026-06-01",
  });
  await repo.commit(
    "bc.strata.form_b_fee v3: fee of 45\n\nSource: BC Ministry of Finance, Example, https://www2.gov.bc.ca/gov/content/example\nImpact: Buyers pay at most $45 for a Form B.",
  );
  return { repo, seed, v2 };
};

describe("the public note of a version", () => {
  it("is the commit's Impact: line, else a neutral note, never the subject", () => {
    expect(
      versionNote(2, {
        message: "fee v2: 40\n\nBody.\nSource: Org, Page, https://example.org/a\nImpact: Buyers pay $5 more.",
      }),
    ).toBe("Buyers pay $5 more.");
    expect(versionNote(2, { message: "v2\n\nImpact: Smaller increases\n  for every tenancy." })).toBe(
      "Smaller increases for every tenancy.",
    );
    expect(versionNote(3, { message: "update fee" })).toBe("Revised to version 3.");
    expect(versionNote(1, { message: "add fee" })).toBe("First published as version 1.");
    expect(versionNote(2, { message: "update fee\n\nImpact:" })).toBe("Revised to version 2.");
  });

  it("reaches the history, the diffs, the change log, the fact's page and its Atom feed from Impact:, and a bare subject reaches none", async () => {
    const bare = await feeRepository("update fee");
    // A revision with no Impact: line has no note to publish: the build refuses it, naming the commit and the file.
    await expect(
      buildModel(bare.repo.root, { baseUrl: "https://facts.example.org", today: "2026-11-21" }),
    ).rejects.toThrow(
      `facts/strata/bc.strata.form_b_fee.json:32:3: version 2 of bc.strata.form_b_fee was raised by commit ${bare.v2.slice(0, 12)} ("update fee"), which has no Impact: line, so the version has no public note;`,
    );

    const { repo, seed } = await feeRepository("update fee\n\nImpact: Buyers pay at most $40 for a Form B.");
    const model = await buildModel(repo.root, { baseUrl: "https://facts.example.org", today: "2026-11-21" });
    const files = renderSite(model);
    const { fact } = JSON.parse(text(files.get(SITE_PATHS.factById(seed.id))));
    expect(fact.history.map((entry: { version: number; note: string }) => [entry.version, entry.note])).toEqual([
      [2, "Buyers pay at most $40 for a Form B."],
      [1, "Buyers pay at most $35 for a Form B."],
    ]);
    const diff = JSON.parse(text(files.get(SITE_PATHS.diff(seed.id, 1, 2))));
    expect(diff.summary).toBe("Buyers pay at most $40 for a Form B.");
    expect(JSON.parse(text(files.get(SITE_PATHS.diff(seed.id, 2, 3)))).summary).toBe(
      "Buyers pay at most $45 for a Form B.",
    );

    const feed = text(files.get(SITE_PATHS.factFeed(seed.id)));
    expect(feed).toContain("Buyers pay at most $40 for a Form B. Effective 2026-01-01. Value:");
    expect(feed).toContain("Buyers pay at most $45 for a Form B. Effective 2026-06-01. Value:");
    const changelog = text(files.get("/changelog.html"));
    expect(changelog).toContain(
      '<span class="change-note-label">Note recorded with version 2:</span> Buyers pay at most $40 for a Form B.</p>',
    );
    expect(changelog).toContain(
      '<span class="change-note-label">Note recorded with version 1:</span> Buyers pay at most $35 for a Form B.</p>',
    );
    const page = [...files].find(
      ([file]) => file.endsWith(".html") && text(files.get(file)).includes('class="current-note"'),
    );
    expect(text(page?.[1])).toContain('<span class="note">Buyers pay at most $45 for a Form B.</span>');

    // The subject "update fee" is published nowhere as a note: only the raw commit record of a diff carries it.
    for (const [file, content] of files) {
      if (file.startsWith("/api/v1/facts/diff/")) continue;
      expect(text(content), file).not.toContain("update fee");
    }
  });

  it("takes the note of a version merged by a merge commit from the merged commit's Impact: line", async () => {
    const repo = await createGitRepo();
    const seed = { id: "bc.strata.form_b_fee", domain: "strata", unit: "CAD", retrieved_iso: "2026-11-01" };
    await repo.writeFact({ ...seed, value: 35, effective_iso: "2020-01-01" });
    await repo.commit("bc.strata.form_b_fee v1\n\nImpact: Buyers pay at most $35 for a Form B.");
    await repo.git("checkout", "-q", "-b", "fee-40");
    await repo.writeFact({ ...seed, value: 40, version: 2, effective_iso: "2026-01-01" });
    await repo.commit(
      "bc.strata.form_b_fee v2: fee of 40\n\nSource: BC Ministry of Finance, https://www2.gov.bc.ca/gov/content/example\nImpact: Buyers pay at most $40.",
    );
    await repo.commit("an unrelated commit of the same pull request");
    await repo.git("checkout", "-q", "main");
    await repo.writeFact({ id: "bc.hbrp", domain: "legal" });
    await repo.commit("bc.hbrp v1");
    await repo.git(
      "merge",
      "-q",
      "--no-ff",
      "-m",
      "Merge pull request #7 from contributor/fee-40\n\nupdate fee",
      "fee-40",
    );

    const history = await readFactHistory(repo.root);
    const versions = history.facts.get(seed.id)!.versions;
    expect(versions.map((version) => version.introduced.message.split("\n")[0])).toEqual([
      "bc.strata.form_b_fee v1",
      "Merge pull request #7 from contributor/fee-40",
    ]);
    expect(versions.map((version) => versionNote(version.version, version.introduced))).toEqual([
      "Buyers pay at most $35 for a Form B.",
      "Buyers pay at most $40.",
    ]);
    expect(historyEntries(versions).map((entry) => entry.note)).toEqual(["Buyers pay at most $35 for a Form B."]);
    expect(factDiffs(history.facts.get(seed.id)!, urlsFor("https://facts.example.org"))[0]!.summary).toBe(
      "Buyers pay at most $40.",
    );
  });
});
