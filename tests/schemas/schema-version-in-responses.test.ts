import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/schemas/index.ts";
import { frozenSite, readTree } from "../helpers/build-site.ts";

/** The JSON files of the built tree that carry no top-level `schema_version`, each with the reason. */
const EXCEPTIONS: Record<string, string> = {
  "/api/v1/facts/search-index.json":
    "the search index is a bare list (docs/consumers/api.md#search-index), which has no member to carry it",
  "/.well-known/openapi.json":
    "OpenAPI fixes the document's top level; it states the version as info.x-schema-version (checked below)",
  "/.well-known/api-catalog": "an RFC 9727 linkset, whose members that standard defines",
  "/.well-known/jwks.json": "an RFC 7517 JWK Set, whose members that standard defines",
  "/datapackage.json": "a Frictionless Data Package descriptor, whose members that specification defines",
};

const { out } = frozenSite();
const tree = await readTree(out);
/** The value schemas are JSON Schema documents, whose members JSON Schema defines; they are versioned with the data. */
const VALUE_SCHEMAS = "/api/v1/facts/schemas/";
/** A fact's badge is in the Shields endpoint format, whose members Shields defines (docs/consumers/badges.md). */
const BADGES = "/api/v1/facts/badges/";
const jsonFiles = [...tree.keys()].filter(
  (urlPath) =>
    (urlPath.endsWith(".json") || urlPath === "/.well-known/api-catalog") &&
    !urlPath.startsWith(VALUE_SCHEMAS) &&
    !urlPath.startsWith(BADGES),
);
const parsed = (urlPath: string): unknown => JSON.parse(tree.get(urlPath)!.toString("utf8"));

describe("schema_version in the built responses", () => {
  it("is the first member of every JSON response but the listed exceptions, and equals SCHEMA_VERSION", () => {
    const carriers = jsonFiles.filter((urlPath) => !(urlPath in EXCEPTIONS));
    expect(carriers.length).toBeGreaterThan(60);
    const wrong = carriers.flatMap((urlPath) => {
      const body = parsed(urlPath) as Record<string, unknown>;
      return Object.keys(body)[0] === "schema_version" && body.schema_version === SCHEMA_VERSION ? [] : [urlPath];
    });
    expect(wrong).toEqual([]);
  });

  it("covers each kind of response docs/consumers/api.md#endpoints lists", () => {
    for (const urlPath of [
      "/api/v1/facts/index.json",
      "/api/v1/facts/tax.json",
      "/api/v1/facts/by-id/bc.ptt.brackets.json",
      "/api/v1/facts/llms.json",
      "/api/v1/facts/manifest.json",
      "/api/v1/facts/diff/index.json",
      "/api/v1/facts/diff/bc.rent_cap.2026/v2-to-v3.json",
      "/api/v1/facts/upcoming.json",
      "/api/v1/affordability-index/index.json",
      "/api/v1/affordability-index/latest.json",
      "/api/v1/vancouver-special-index/index.json",
      "/api/v1/vancouver-special-index/latest.json",
    ]) {
      expect((parsed(urlPath) as { schema_version?: unknown }).schema_version, urlPath).toBe(SCHEMA_VERSION);
    }
  });

  it("leaves the search index a list and states the version in the OpenAPI document's info", () => {
    expect(Array.isArray(parsed("/api/v1/facts/search-index.json"))).toBe(true);
    const info = (parsed("/.well-known/openapi.json") as { info: Record<string, unknown> }).info;
    expect(info["x-schema-version"]).toBe(SCHEMA_VERSION);
    expect(info.version).toBe("1.0.0");
  });
});
