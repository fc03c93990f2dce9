import { createHash, randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catFileBatch, openCatFileBatch } from "../../src/lib/git.ts";
import { createGitRepo } from "../helpers/git-repo.ts";

/** The blob id of every file at HEAD, by path. */
const blobsAtHead = async (repo: Awaited<ReturnType<typeof createGitRepo>>): Promise<Map<string, string>> =>
  new Map(
    (await repo.git("ls-tree", "-r", "HEAD"))
      .trim()
      .split("\n")
      .map((line) => {
        const [meta, file] = line.split("\t") as [string, string];
        return [file, meta.split(" ")[2]!] as const;
      }),
  );

describe("git cat-file --batch session", () => {
  it("hands over every object intact and once, small ones and ones far larger than a pipe's chunk", async () => {
    const repo = await createGitRepo();
    const contents = new Map<string, Buffer>([
      ["big.bin", randomBytes(1_500_000)],
      ["middle.bin", randomBytes(70_000)],
      ["empty.txt", Buffer.alloc(0)],
      ["line.txt", Buffer.from("one line\n")],
    ]);
    for (let index = 0; index < 300; index++)
      contents.set(`small/${index}.json`, Buffer.from(JSON.stringify({ index })));
    for (const [file, bytes] of contents) {
      await mkdir(path.dirname(path.join(repo.root, file)), { recursive: true });
      await writeFile(path.join(repo.root, file), bytes);
    }
    await repo.commit("objects of every size");
    const ids = await blobsAtHead(repo);

    const seen: string[] = [];
    const session = openCatFileBatch(repo.root, (id) => seen.push(id));
    for (const id of ids.values()) session.request(id);
    session.request(ids.get("big.bin")!);
    await session.finish();
    expect(seen.sort()).toEqual([...new Set(ids.values())].sort());

    const read = await catFileBatch(repo.root, ids.values());
    // Compared by length and digest: deep equality of megabyte buffers byte by byte takes seconds.
    const digest = (bytes: Buffer | undefined) =>
      bytes && `${bytes.length}:${createHash("sha256").update(bytes).digest("hex")}`;
    for (const [file, bytes] of contents) expect(digest(read.get(ids.get(file)!)), file).toBe(digest(bytes));
  });

  it("fails, naming the object, when an id is not in the repository", async () => {
    const repo = await createGitRepo();
    await repo.writeJson("a.json", { a: 1 });
    await repo.commit("one file");
    const unknown = "0123456789abcdef0123456789abcdef01234567";
    await expect(catFileBatch(repo.root, [(await blobsAtHead(repo)).get("a.json")!, unknown])).rejects.toThrow(
      `git object ${unknown} is missing from the repository`,
    );
  });
});
