import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ENDPOINT_TABLE_END,
  ENDPOINT_TABLE_FILES,
  ENDPOINT_TABLE_START,
  endpointTable,
  withEndpointTable,
} from "../../src/render/endpoint-table.ts";
import { ENDPOINTS } from "../../src/render/endpoints.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the endpoint table generated from the endpoint records", () => {
  it.each(ENDPOINT_TABLE_FILES)(
    "is the committed table of %s (run `npm run docs:endpoints` after changing a record)",
    async (file) => {
      const committed = await readFile(path.join(ROOT, file), "utf8");
      expect(committed).toBe(withEndpointTable(committed));
    },
  );

  it("has a row per record, in the records' order", () => {
    const rows = endpointTable().split("\n").slice(2);
    expect(rows.map((row) => row.split(" | ")[0])).toEqual(ENDPOINTS.map((endpoint) => `| \`${endpoint.path}\``));
  });

  it("replaces only what lies between its comments, and refuses a file without them", () => {
    const markdown = `before\n${ENDPOINT_TABLE_START}\nold\n${ENDPOINT_TABLE_END}\nafter\n`;
    expect(withEndpointTable(markdown, "new")).toBe(
      `before\n${ENDPOINT_TABLE_START}\nnew\n${ENDPOINT_TABLE_END}\nafter\n`,
    );
    expect(() => withEndpointTable("no table")).toThrow(/endpoints:start/);
    expect(() => withEndpointTable(`${ENDPOINT_TABLE_END}\n${ENDPOINT_TABLE_START}`)).toThrow(/endpoints:start/);
  });
});
