import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildModel } from "../../src/build/build-model.ts";
import { LOCALES, localePath, TRANSLATIONS } from "../../src/i18n/locales.ts";
import { renderSite } from "../../src/render/render-site.ts";
import { frozenData } from "../helpers/frozen-copy.ts";
import { FROZEN_SITE_BASE_URL } from "../helpers/frozen-data.ts";
import { LIMITS } from "../helpers/limits.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const exec = promisify(execFile);

/** The tree `npm run build` writes for the repository at `root`, as URL path → bytes, on `today` (the frozen day). */
const build = async (root: string, today = frozenData().today): Promise<Map<string, Buffer>> => {
  const files = renderSite(await buildModel(root, { baseUrl: FROZEN_SITE_BASE_URL, today }));
  return new Map(
    [...files].map(([file, body]) => [file, typeof body === "string" ? Buffer.from(body) : Buffer.from(body)]),
  );
};

/** The paths whose bytes differ between two trees, or that only one has, sorted. */
const changedPaths = (before: ReadonlyMap<string, Buffer>, after: ReadonlyMap<string, Buffer>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((file) => {
      const a = before.get(file);
      const b = after.get(file);
      return a === undefined || b === undefined || !a.equals(b);
    })
    .sort();

const FACT = "bc.ptt.brackets";

describe("what one fact's edit rewrites", () => {
  it(
    "builds one commit into the same bytes twice, and rewrites for an editorial edit only the fact's own files and the files that list every fact or its domain",
    async () => {
      // A clone of the frozen data, built twice: the same commit gives the same bytes.
      const root = path.join(await tempDir(), "repo");
      await exec("git", ["clone", "--quiet", frozenData().root, root]);
      const before = await build(root);
      expect(changedPaths(before, await build(root))).toEqual([]);

      // A reworded citation note: an editorial commit, no new version.
      const file = path.join(root, "facts/tax", `${FACT}.json`);
      const fact = JSON.parse(await readFile(file, "utf8"));
      fact.citations[0].notes = `${fact.citations[0].notes ?? "The rates."} Reworded for the reader.`;
      await writeFile(file, `${JSON.stringify(fact, null, 2)}\n`);
      const git = (...args: string[]) =>
        exec("git", ["-c", "user.name=Editor", "-c", "user.email=editor@example.org", ...args], { cwd: root });
      await git("commit", "--quiet", "--all", "--message", `${FACT}: citation note reworded`);
      const after = await build(root);

      // The fact's own files (its JSON, the diff that carries its citations, its page); the files that list every fact
      // (catalog, bulk files, llms.json, feeds, calendars, the change index and the diff index, manifest, the catalog,
      // change log, sources and verification dates pages, in every language); and its domain's bundle and calendar.
      // Nothing of another fact or domain, and not the methodology page, whose figures the edit leaves as they were.
      // The OpenAPI description shows the change index's newest events as its example, and so shows this edit too.
      const translated = TRANSLATIONS.flatMap((locale) =>
        [`/${FACT}.html`, "/changelog.html", "/index.html", "/sources.html", "/transparency.html"].map((page) =>
          localePath(locale, page),
        ),
      );
      expect(changedPaths(before, after)).toEqual(
        [
          "/.well-known/openapi.json",
          "/api/v1/facts/all.json",
          `/api/v1/facts/by-id/${FACT}.json`,
          "/api/v1/facts/changes.csv",
          "/api/v1/facts/changes.ics",
          "/api/v1/facts/changes.json",
          `/api/v1/facts/diff/${FACT}/v1-to-v2.json`,
          "/api/v1/facts/diff/index.json",
          "/api/v1/facts/feed.xml",
          "/api/v1/facts/index.json",
          "/api/v1/facts/lapses.ics",
          "/api/v1/facts/llms.json",
          "/api/v1/facts/manifest.json",
          "/api/v1/facts/tax.ics",
          "/api/v1/facts/tax.json",
          "/api/v1/facts/upcoming.atom",
          "/api/v1/facts/upcoming.ics",
          "/api/v1/facts/upcoming.json",
          `/${FACT}.html`,
          "/changelog.html",
          "/datapackage.json",
          "/index.html",
          "/sources.html",
          "/transparency.html",
          ...translated,
        ].sort(),
      );
    },
    LIMITS.longTest,
  );

  it(
    "rewrites on the next day, for the same commit, only what is counted from the build day: no fact's files, no place's page or file",
    async () => {
      const root = frozenData().root;
      const day = new Date(`${frozenData().today}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1);
      const nextDay = day.toISOString().slice(0, 10);
      // The frozen copy has no rule beginning or ending on the next day, so what changes is only what a page or file
      // counts from the build day: the upcoming window (its list, feeds and calendars' subtitles), a series alias's
      // `as_of`, the affordability index's publication status, the manifest's hashes of those, and the pages that list
      // every fact, which name the build day.
      const changed = changedPaths(await build(root), await build(root, nextDay));
      expect(
        changed.filter((file) =>
          /^\/(places\/|api\/v1\/places\/|api\/v1\/facts\/(by-id|diff|badges|schemas)\/)/.test(file),
        ),
      ).toEqual([]);
      expect(
        // A fact's page, in any language.
        changed.filter(
          (file) => /^\/(?:[A-Za-z-]+\/)?[a-z]+\.[a-z0-9_.]+\.html$/.test(file) && file !== "/affordability.html",
        ),
      ).toEqual([]);
      expect(changed).not.toContain("/places.html");
      // The methodology page's figures count the facts, not the days: the same data gives the same page.
      expect(changed).not.toContain("/methodology.html");
      // The pages that name the build day, in every language, and fewer than 30 other files.
      const pages = changed.filter((file) => file.endsWith(".html"));
      expect(pages).toEqual(
        LOCALES.flatMap((locale) =>
          ["/affordability.html", "/changelog.html", "/index.html", "/sources.html", "/transparency.html"].map((page) =>
            localePath(locale, page),
          ),
        ).sort(),
      );
      expect(changed.length - pages.length).toBeLessThan(30);
    },
    LIMITS.longTest,
  );
});
