import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVICE } from "../../src/lib/config.ts";
import {
  AffordabilityLatest,
  compareSchemaVersions,
  publishedSchemaFiles,
  recordSchemaVersion,
  SCHEMA_LOCK_FILE,
  SCHEMA_VERSION,
  SchemaLock,
  schemaFingerprint,
  schemaLockText,
} from "../../src/schemas/index.ts";
import { PROJECT_ROOT, runScript } from "../helpers/run-script.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const SCHEMAS = path.join(PROJECT_ROOT, "schemas");
const lock = SchemaLock.parse(JSON.parse(await readFile(path.join(SCHEMAS, SCHEMA_LOCK_FILE), "utf8")));
const changelog = await readFile(path.join(PROJECT_ROOT, "docs/consumers/api-changelog.md"), "utf8");
const generatedFingerprint = schemaFingerprint(publishedSchemaFiles());

const A = "a".repeat(64);
const B = "b".repeat(64);
const C = "c".repeat(64);
const recorded: SchemaLock = {
  versions: [
    { version: "1.0.0", sha256: A },
    { version: "1.1.0", sha256: B },
  ],
};

describe("recording a schema version", () => {
  it("refuses schemas that changed while the version stays, and says how to bump it", () => {
    const update = recordSchemaVersion(recorded, "1.1.0", C);
    expect(update.ok).toBe(false);
    expect(!update.ok && update.message).toMatch(
      /^the published schemas changed, but SCHEMA_VERSION \(src\/schemas\/json-schemas\.ts\) still names 1\.1\.0/,
    );
    expect(!update.ok && update.message).toContain(
      "bump SCHEMA_VERSION (major for a breaking change, which goes to /api/v2/; minor for an addition; patch otherwise), add its entry to docs/consumers/api-changelog.md, and run npm run schemas again",
    );
  });

  it("accepts a bumped version, keeping every earlier entry as it was", () => {
    for (const version of ["1.1.1", "1.2.0", "1.10.0"]) {
      const update = recordSchemaVersion(recorded, version, C);
      expect(update).toEqual({
        ok: true,
        recorded: true,
        lock: { versions: [...recorded.versions, { version, sha256: C }] },
      });
    }
  });

  it("leaves the lock as it is when the schemas are those of the current version", () => {
    expect(recordSchemaVersion(recorded, "1.1.0", B)).toEqual({ ok: true, recorded: false, lock: recorded });
  });

  it("records the first version of an empty lock", () => {
    expect(recordSchemaVersion({ versions: [] }, "1.0.0", A)).toEqual({
      ok: true,
      recorded: true,
      lock: { versions: [{ version: "1.0.0", sha256: A }] },
    });
  });

  it("refuses a version below the newest, even one recorded with these very schemas", () => {
    for (const [version, fingerprint] of [
      ["1.0.0", A],
      ["1.0.5", C],
    ] as const) {
      const update = recordSchemaVersion(recorded, version, fingerprint);
      expect(update.ok, version).toBe(false);
      expect(!update.ok && update.message).toContain(
        `is ${version}, below 1.1.0, the newest version in schemas/versions.json`,
      );
    }
  });

  it("refuses a new version for unchanged schemas", () => {
    const update = recordSchemaVersion(recorded, "1.2.0", B);
    expect(update.ok).toBe(false);
    expect(!update.ok && update.message).toContain("the published schemas are those of 1.1.0, unchanged");
  });

  it("refuses a version that is not MAJOR.MINOR.PATCH", () => {
    for (const version of ["1.2", "v1.2.0", "1.2.0-beta.1", "01.2.0"])
      expect(recordSchemaVersion(recorded, version, C).ok, version).toBe(false);
  });

  it("orders versions by their numbers", () => {
    expect(compareSchemaVersions("1.10.0", "1.9.0")).toBeGreaterThan(0);
    expect(compareSchemaVersions("1.1.0", "1.1.0")).toBe(0);
    expect(compareSchemaVersions("1.1.9", "2.0.0")).toBeLessThan(0);
  });

  it("reads only a lock whose versions rise, each once", () => {
    expect(SchemaLock.safeParse({ versions: [...recorded.versions].reverse() }).success).toBe(false);
    expect(SchemaLock.safeParse({ versions: [recorded.versions[0], recorded.versions[0]] }).success).toBe(false);
    expect(SchemaLock.safeParse({ versions: [{ version: "1.0.0", sha256: "A".repeat(64) }] }).success).toBe(false);
  });
});

describe("the fingerprint of a set of schemas", () => {
  const files = [
    { name: "a.schema.json", text: '{"type":"object"}\n' },
    { name: "b.schema.json", text: '{"type":"array"}\n' },
  ];
  it("is the same in any order and changes with any file's name or text", () => {
    const fingerprint = schemaFingerprint(files);
    expect(schemaFingerprint([...files].reverse())).toBe(fingerprint);
    expect(schemaFingerprint([{ ...files[0]!, name: "c.schema.json" }, files[1]!])).not.toBe(fingerprint);
    expect(schemaFingerprint([files[0]!, { ...files[1]!, text: '{"type":"string"}\n' }])).not.toBe(fingerprint);
    expect(schemaFingerprint([files[0]!])).not.toBe(fingerprint);
  });
  it("changes when text moves from one file to the next", () => {
    const moved = [
      { name: "a.schema.json", text: '{"type":"object"}\n{' },
      { name: "b.schema.json", text: '"type":"array"}\n' },
    ];
    expect(schemaFingerprint(moved)).not.toBe(schemaFingerprint(files));
  });
});

describe("the schema version of this repository", () => {
  it("has the fingerprint of the schemas generated now recorded under SCHEMA_VERSION (bump it when a schema changes)", () => {
    expect(
      lock.versions.find((entry) => entry.version === SCHEMA_VERSION)?.sha256,
      `schemas/versions.json entry for ${SCHEMA_VERSION}`,
    ).toBe(generatedFingerprint);
  });

  it("is the newest version of the lock", () => {
    expect(lock.versions.at(-1)?.version).toBe(SCHEMA_VERSION);
  });

  it("keeps its major version to the API version of the path: a breaking change goes to /api/v2/", () => {
    expect(`v${SCHEMA_VERSION.split(".")[0]}`).toBe(SERVICE.apiVersion);
  });

  it("has one changelog entry per recorded version, newest first, each dated", () => {
    const headings = [...changelog.matchAll(/^## (\d+\.\d+\.\d+) \((\d{4}-\d\d-\d\d)\)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(lock.versions.map((entry) => entry.version).reverse());
  });

  it("is required in the responses and checked for its form", () => {
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
    const latest = { formula: "f", latest: null, publication_status: "pending", publication, license: "x" };
    expect(AffordabilityLatest.safeParse(latest).success).toBe(false);
    expect(AffordabilityLatest.safeParse({ ...latest, schema_version: "1.1" }).success).toBe(false);
    expect(AffordabilityLatest.safeParse({ ...latest, schema_version: SCHEMA_VERSION }).success).toBe(true);
  });
});

describe("npm run schemas", () => {
  const lockWith = (versions: SchemaLock["versions"]) => schemaLockText({ versions });

  it("refuses schemas changed under a recorded version, and writes nothing", async () => {
    const directory = await tempDir();
    const before = lockWith([{ version: SCHEMA_VERSION, sha256: A }]);
    await writeFile(path.join(directory, SCHEMA_LOCK_FILE), before);
    const result = await runScript("src/cli/write-json-schemas.ts", ["--dir", directory]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `the published schemas changed, but SCHEMA_VERSION (src/schemas/json-schemas.ts) still names ${SCHEMA_VERSION}`,
    );
    expect(await readdir(directory)).toEqual([SCHEMA_LOCK_FILE]);
    expect(await readFile(path.join(directory, SCHEMA_LOCK_FILE), "utf8")).toBe(before);
  });

  it("writes the schemas and appends the fingerprint of a bumped version after the earlier entries", async () => {
    const directory = await tempDir();
    await writeFile(path.join(directory, SCHEMA_LOCK_FILE), lockWith([{ version: "1.0.0", sha256: A }]));
    const result = await runScript("src/cli/write-json-schemas.ts", ["--dir", directory]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await readFile(path.join(directory, SCHEMA_LOCK_FILE), "utf8")).toBe(
      lockWith([
        { version: "1.0.0", sha256: A },
        { version: SCHEMA_VERSION, sha256: generatedFingerprint },
      ]),
    );
    for (const file of publishedSchemaFiles())
      expect(await readFile(path.join(directory, file.name), "utf8"), file.name).toBe(file.text);
  });
});
