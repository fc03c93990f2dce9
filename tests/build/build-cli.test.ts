import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrlFromEnvironment } from "../../src/lib/config.ts";
import { factValue } from "../helpers/fact-values.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { createGitRepo, factJson } from "../helpers/git-repo.ts";
import { runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const env = { FACTS_TODAY: "2026-11-21", FACTS_BASE_URL: "https://facts.example.org/" };

describe("npm run build", () => {
  it("writes the tree, and a failed build leaves the previous tree whole with nothing half-written beside it", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") });
    await repo.commit("bc.hbrp v1");
    const parent = await tempDir();
    const out = path.join(parent, "_site");

    const first = await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^built \d+ files for 1 facts and 0 diffs into .*_site\/ \(base URL https:\/\/facts\.example\.org\); unsigned: FACTS_SIGNING_KEY is not set \(.*keys\/jwks\.json holds no key yet\)\n$/,
    );
    const before = await readFile(path.join(out, "api/v1/facts/by-id/bc.hbrp.json"), "utf8");
    expect(JSON.parse(before).canonical_url).toBe("https://facts.example.org/api/v1/facts/by-id/bc.hbrp.json");

    await repo.writeJson("facts/legal/bc.hbrp.json", {
      ...(await repo.readJson("facts/legal/bc.hbrp.json")),
      version: "two",
    });
    const versionLine =
      (await readFile(path.join(repo.root, "facts/legal/bc.hbrp.json"), "utf8"))
        .split("\n")
        .findIndex((line) => line.startsWith('  "version"')) + 1;
    const failed = await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      `build failed: the data does not pass npm run check:\nfacts/legal/bc.hbrp.json:${versionLine}:3: expected number, found string (at /version) [schema]\n`,
    );
    expect(await readFile(path.join(out, "api/v1/facts/by-id/bc.hbrp.json"), "utf8")).toBe(before);
    expect(await readdir(parent)).toEqual(["_site"]);
  });

  it("writes nothing when a file of the tree would be over its payload budget, naming the file, its size and its budget", async () => {
    const repo = await createGitRepo();
    await repo.writeFact({ id: "bc.hbrp", domain: "legal", value: factValue("bc.hbrp") });
    await repo.commit("bc.hbrp v1");
    const parent = await tempDir();
    const out = path.join(parent, "_site");
    expect((await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env })).code).toBe(0);
    const before = await readFile(path.join(out, "api/v1/facts/by-id/bc.hbrp.json"), "utf8");

    // A fact every rule accepts, whose file no longer fits the single-fact budget: forty citations, each quoting 400
    // characters of words that gzip cannot shorten much (a number spelled out differently in each).
    const fact = await repo.readJson("facts/legal/bc.hbrp.json");
    const citation = (fact.citations as Record<string, unknown>[])[0]!;
    const words = (n: number) =>
      Array.from({ length: 80 }, (_, at) => ((n * 7919 + at * 104729) % 999983).toString(36)).join(" ");
    fact.citations = Array.from({ length: 40 }, (_, n) => ({
      ...citation,
      url: `https://www2.gov.bc.ca/gov/content/example-${n}`,
      quote: words(n).slice(0, 400),
    }));
    await repo.writeJson("facts/legal/bc.hbrp.json", fact);
    await repo.commit("bc.hbrp: more citations");

    const refused = await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^build failed: 1 file\(s\) over their payload budget \(gzip level 6; docs\/maintainers\/payload-budgets\.md\):\n {2}\/api\/v1\/facts\/by-id\/bc\.hbrp\.json: \d+\.\d KB, budget 5\.0 KB \(single fact: 5\.0 KB\)\nnothing was written to .*_site\/\n$/,
    );
    expect(await readFile(path.join(out, "api/v1/facts/by-id/bc.hbrp.json"), "utf8")).toBe(before);
    expect(await readdir(parent)).toEqual(["_site"]);
  });

  it("refuses a FACTS_BASE_URL that is not an http(s) URL", async () => {
    const result = await runScript(
      "src/cli/build.ts",
      ["--root", frozenData().root, "--out", path.join(await tempDir(), "x")],
      {
        env: { ...env, FACTS_BASE_URL: "ftp://example.org" },
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('build failed: FACTS_BASE_URL must use http or https, got "ftp://example.org"\n');
  });
});

describe("text from a fact, escaped for where it lands", () => {
  let out: string;
  beforeAll(async () => {
    const repo = await createGitRepo();
    await repo.writeJson("facts/tax/bc.ptt.brackets.json", {
      ...factJson({
        id: "bc.ptt.brackets",
        label: "Rates ](https://evil.example) [and # a heading",
        value: [{ upper: null, rate: 0.01 }],
      }),
      description: "Rates <script>alert(1)</script> & more.",
      citations: [
        {
          url: "https://www2.gov.bc.ca/gov/content/example",
          org: "bc-ministry-of-finance",
          kind: "official",
          retrieved_iso: "2026-11-01",
        },
        { url: "https://law-firm.example/ptt", org: "bennett-jones", kind: "secondary", retrieved_iso: "2026-11-01" },
      ],
    });
    await repo.commit("bc.ptt.brackets v1");
    // Kept for the whole describe: tempDir's folders last one test only.
    const parent = await mkdtemp(path.join(os.tmpdir(), "facts-escaping-"));
    afterAll(() => rm(parent, { recursive: true, force: true }));
    out = path.join(parent, "_site");
    expect((await runScript("src/cli/build.ts", ["--root", repo.root, "--out", out], { env })).code).toBe(0);
  });

  it("escapes a label's Markdown in its llms.txt link text, so it cannot end the link or start a heading", async () => {
    const llmsText = await readFile(path.join(out, "llms.txt"), "utf8");
    const line = llmsText.split("\n").find((each) => each.includes("by-id/bc.ptt.brackets.json"));
    expect(line).toBe(
      "- [Rates \\](https://evil.example) \\[and # a heading](https://facts.example.org/api/v1/facts/by-id/bc.ptt.brackets.json): 1% above $0 (effective 2020-01-01, verified until 2027-04-30)",
    );
    expect(llmsText).not.toMatch(/^# a heading/m);
  });

  it("escapes a description's markup in the RSS description, which readers treat as HTML inside the XML", async () => {
    const feed = await new Parser().parseString(await readFile(path.join(out, "api/v1/facts/feed.xml"), "utf8"));
    // The description is HTML once the XML is read: the fact's markup arrives as text, never as elements.
    expect(feed.items[0]!.content).toMatch(/^Rates &lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; more\. Effective: /);
  });

  it("lists only official sources as llms.json's primary sources", async () => {
    const llms = JSON.parse(await readFile(path.join(out, "api/v1/facts/llms.json"), "utf8"));
    expect(llms.facts[0].primary_sources).toEqual([
      { org: "BC Ministry of Finance", url: "https://www2.gov.bc.ca/gov/content/example", retrieved_iso: "2026-11-01" },
    ]);
  });
});

describe("the base URL", () => {
  it("defaults to the local server's address, following PORT, and drops a trailing slash", () => {
    expect(baseUrlFromEnvironment({})).toBe("http://localhost:8080");
    expect(baseUrlFromEnvironment({ PORT: "3000" })).toBe("http://localhost:3000");
    expect(baseUrlFromEnvironment({ PORT: "3000", FACTS_BASE_URL: "https://facts.example.org/" })).toBe(
      "https://facts.example.org",
    );
  });

  it("is an https origin with an optional path, plain http only on a loopback host", () => {
    expect(baseUrlFromEnvironment({ FACTS_BASE_URL: "https://example.org/facts/" })).toBe("https://example.org/facts");
    for (const local of ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:8080"])
      expect(baseUrlFromEnvironment({ FACTS_BASE_URL: local })).toBe(local);
    expect(() => baseUrlFromEnvironment({ FACTS_BASE_URL: "http://facts.example.org" })).toThrow(
      'FACTS_BASE_URL must use https (plain http only for localhost, 127.0.0.1 or [::1] in local runs), got "http://facts.example.org"',
    );
    for (const extra of [
      "https://facts.example.org/?utm=feed",
      "https://facts.example.org/#top",
      "https://facts.example.org?",
    ])
      expect(() => baseUrlFromEnvironment({ FACTS_BASE_URL: extra })).toThrow(
        `FACTS_BASE_URL must be an origin with an optional path, without a query or fragment: every published address is built by adding a path to it, got "${extra}"`,
      );
  });

  it("refuses a user name or password in FACTS_BASE_URL before building, without printing the password", async () => {
    const result = await runScript(
      "src/cli/build.ts",
      ["--root", frozenData().root, "--out", path.join(await tempDir(), "x")],
      {
        env: { ...env, FACTS_BASE_URL: "https://deploy:s3cret@facts.example.org" },
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'build failed: FACTS_BASE_URL must not carry a user name or password before the host ("user@" or "user:password@"): it would be published, and the host is what follows the @\n',
    );
    expect(result.stdout + result.stderr).not.toContain("s3cret");
  });
});
