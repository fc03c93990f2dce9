import { describe, expect, it } from "vitest";
import { SITE_PATHS } from "../../packages/client/src/index.ts";
import { buildModel } from "../../src/build/build-model.ts";
import { commitsSince } from "../../src/check/revision-commits.ts";
import { runChecks } from "../../src/check/run-checks.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { FILE, ID, mergeKeepingSide, SOURCE_URL, TRAILERS, V1, V2 } from "../check/form-b-fee.ts";
import { createGitRepo, factJson, type GitRepo } from "../helpers/git-repo.ts";

// The build publishes the history of facts/ only when each step of it keeps the rules: every version's note read
// from the commit that raised it, no version going down, no withdrawn fact coming back (src/check/history-rules.ts).

const TODAY = "2026-11-21";
const build = (repo: GitRepo) => buildModel(repo.root, { baseUrl: "https://facts.example.org", today: TODAY });
const text = (content: string | Uint8Array | undefined): string =>
  typeof content === "string" ? content : Buffer.from(content ?? []).toString("utf8");
const named = (sha: string, subject: string) => `commit ${sha.slice(0, 12)} ("${subject}")`;

/** `line:column` of the fact file's "version", where a problem of its history is shown. */
const VERSION_AT = `${`${JSON.stringify(factJson(V1), null, 2)}\n`.split("\n").findIndex((line) => line.startsWith('  "version"')) + 1}:3`;

/** Text with control characters (clear the screen, ring the bell) that no public note may carry. */
const HOSTILE = "\u001b[2J\u0007Every buyer is owed a refund: write to refunds@example.org";

/** main with v1 of the Form B fee, and a branch `side` made from it. */
const feeRepository = async () => {
  const repo = await createGitRepo();
  await repo.writeFact(V1);
  const base = await repo.commit(`${ID} v1\n\n${TRAILERS}`);
  await repo.git("branch", "side");
  return { repo, base };
};

describe("a version's public note comes only from the commit that raised it", () => {
  it("takes a merged version's note from the revision commit, never from an editorial commit merged after it", async () => {
    const { repo } = await feeRepository();
    await repo.git("checkout", "-q", "side");
    await repo.writeFact(V2);
    await repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await repo.writeFact({ ...V2, label: "Form B fee" });
    await repo.commit(`Tidy the label\n\nImpact: ${HOSTILE}`);
    await repo.git("checkout", "-q", "main");
    await repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #9 from contributor/fee-40", "side");

    const files = renderSite(await build(repo));
    const { fact } = JSON.parse(text(files.get(SITE_PATHS.factById(ID))));
    expect(fact.history.map((entry: { version: number; note: string }) => [entry.version, entry.note])).toEqual([
      [1, "Buyers pay up to $40 for a Form B."],
    ]);
    expect(JSON.parse(text(files.get(SITE_PATHS.diff(ID, 1, 2)))).summary).toBe("Buyers pay up to $40 for a Form B.");
    for (const [file, content] of files) expect(text(content), file).not.toContain("Every buyer is owed a refund");
  });

  it("refuses a merged version whose revision commit has no Impact: line, though a commit merged beside it has one", async () => {
    const { repo } = await feeRepository();
    await repo.git("checkout", "-q", "side");
    await repo.writeFact(V2);
    const raiser = await repo.commit(`${ID} v2: fee of $40\n\nSource: BC Ministry of Finance, Form B, ${SOURCE_URL}`);
    await repo.writeFact({ ...V2, label: "Form B fee" });
    await repo.commit("Tidy the label\n\nImpact: Buyers pay up to $40 for a Form B.");
    await repo.git("checkout", "-q", "main");
    await repo.git("merge", "-q", "--no-ff", "-m", "Merge pull request #9 from contributor/fee-40", "side");
    const merge = (await repo.git("rev-parse", "HEAD")).trim();

    await expect(build(repo)).rejects.toThrow(
      `${FILE}:${VERSION_AT}: version 2 of ${ID} was raised by ${named(raiser, `${ID} v2: fee of $40`)}, merged by ${named(merge, "Merge pull request #9 from contributor/fee-40")}, and neither has an Impact: line, so the version has no public note (no other merged commit's line is read);`,
    );
  });

  it("refuses a merge commit's own Impact: line with control characters, at the check and at the build", async () => {
    const { repo, base } = await feeRepository();
    await repo.git("checkout", "-q", "side");
    await repo.writeFact(V2);
    await repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await repo.git("checkout", "-q", "main");
    const subject = "Merge pull request #9 from contributor/fee-40";
    await repo.git("merge", "-q", "--no-ff", "-m", `${subject}\n\nImpact: ${HOSTILE}`, "side");
    const merge = (await repo.git("rev-parse", "HEAD")).trim();

    const report = await runChecks(repo.root, { today: TODAY, base, commits: await commitsSince(repo.root, base) });
    expect(report.problems.filter((problem) => problem.rule === "revision-commit").map((p) => p.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${named(merge, subject).replace(/[().]/g, "\\$&")} brings ${ID} v2 with an Impact: line that holds a character the text rule refuses`,
        ),
      ),
    ]);
    await expect(build(repo)).rejects.toThrow(
      `${FILE}:${VERSION_AT}: version 2 of ${ID}: the Impact: line of ${named(merge, subject)}, its public note, holds a character the text rule refuses`,
    );
  });
});

describe("the build refuses a history whose version goes down or whose withdrawn fact returns", () => {
  it("refuses a merge that keeps a side branch's older version, naming the merge, the file and /version", async () => {
    const { repo } = await feeRepository();
    await repo.writeFact(V2);
    await repo.commit(`${ID} v2: fee of $40\n\n${TRAILERS}`);
    await repo.git("checkout", "-q", "side");
    await repo.writeFact({ ...V1, label: "Form B fee" });
    await repo.commit("Tidy the label");
    await repo.git("checkout", "-q", "main");
    const merge = await mergeKeepingSide(repo, "Merge branch 'side'");

    await expect(build(repo)).rejects.toThrow(
      `${FILE}:${VERSION_AT}: ${named(merge, "Merge branch 'side'")} takes ${ID} in ${FILE} from version 2 down to 1, and the history would publish version 1 after version 2; versions never decrease`,
    );
  });

  it("refuses a merge that brings a withdrawn fact back, naming the merge, the file and /withdrawn_iso", async () => {
    const { repo } = await feeRepository();
    await repo.writeJson(FILE, {
      ...factJson(V1),
      withdrawn_iso: "2026-11-01",
      withdrawn_reason: "The Form B fee is no longer capped.",
    });
    await repo.commit(`Withdraw ${ID}`);
    await repo.git("checkout", "-q", "side");
    await repo.writeFact({ ...V1, label: "Form B fee" });
    await repo.commit("Tidy the label");
    await repo.git("checkout", "-q", "main");
    const merge = await mergeKeepingSide(repo, "Merge branch 'side'");

    const refused = await build(repo).then(
      () => "built",
      (error: Error) => error.message,
    );
    expect(refused).toContain(
      `${named(merge, "Merge branch 'side'")} brings ${ID} in ${FILE} back, though it was withdrawn on 2026-11-01; a withdrawn fact stays withdrawn (there is no revival: its id is never reused, publish the rule under a new id) (at /withdrawn_iso) [version-rules]`,
    );
  });
});
