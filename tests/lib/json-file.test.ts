import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonFile, readJsonFileSync, replaceFiles, writeFileAtomic } from "../../src/lib/json-file.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const State = z.object({ deliveries: z.array(z.object({ id: z.string(), attempts: z.int().min(0) })) });

describe("readJsonFile", () => {
  it("reads a file through its schema", async () => {
    const file = path.join(await tempDir(), "state.json");
    await writeFile(file, JSON.stringify({ deliveries: [{ id: "a", attempts: 2 }] }));
    expect(await readJsonFile(file, State)).toEqual({ deliveries: [{ id: "a", attempts: 2 }] });
    expect(readJsonFileSync(file, State)).toEqual({ deliveries: [{ id: "a", attempts: 2 }] });
  });

  it("reads a missing file as undefined only when absence is allowed", async () => {
    const file = path.join(await tempDir(), "absent.json");
    expect(await readJsonFile(file, State, { absentAllowed: true })).toBeUndefined();
    await expect(readJsonFile(file, State)).rejects.toThrow("ENOENT");
  });

  it("names the file and the JSON Pointer of the first wrong value", async () => {
    const file = path.join(await tempDir(), "state.json");
    await writeFile(
      file,
      JSON.stringify({
        deliveries: [
          { id: "a", attempts: 1 },
          { id: "b", attempts: -1 },
        ],
      }),
    );
    await expect(readJsonFile(file, State)).rejects.toThrow(
      `${file}: Too small: expected number to be >=0 (at /deliveries/1/attempts)`,
    );
    await writeFile(file, '{"deliveries": [');
    await expect(readJsonFile(file, State)).rejects.toThrow(new RegExp(`^${file}: not JSON \\(`));
  });
});

describe("writeFileAtomic and replaceFiles", () => {
  it("replaces a file whole and leaves nothing beside it", async () => {
    const folder = await tempDir();
    const file = path.join(folder, "state.json");
    writeFileAtomic(file, "old");
    writeFileAtomic(file, "new");
    expect(await readFile(file, "utf8")).toBe("new");
    expect(await readdir(folder)).toEqual(["state.json"]);
  });

  it("leaves the old file as it was when the new content cannot be written", async () => {
    const folder = await tempDir();
    const file = path.join(folder, "state.json");
    writeFileAtomic(file, "old");
    expect(() => writeFileAtomic(path.join(folder, "no-such-folder", "x.json"), "new")).toThrow("ENOENT");
    expect(await readFile(file, "utf8")).toBe("old");
    expect(await readdir(folder)).toEqual(["state.json"]);
  });

  it("replaces several files only once every new text is written", async () => {
    const folder = await tempDir();
    const a = path.join(folder, "a.json");
    const b = path.join(folder, "b.json");
    await replaceFiles([
      { path: a, text: "a1" },
      { path: b, text: "b1" },
    ]);
    await expect(
      replaceFiles([
        { path: a, text: "a2" },
        { path: path.join(folder, "missing", "c.json"), text: "c2" },
      ]),
    ).rejects.toThrow("ENOENT");
    expect([await readFile(a, "utf8"), await readFile(b, "utf8")]).toEqual(["a1", "b1"]);
    expect(existsSync(`${a}.next-${process.pid}`)).toBe(false);
  });
});
