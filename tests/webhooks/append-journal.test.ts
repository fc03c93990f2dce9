import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openJournal } from "../../src/webhooks/state.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const linesOf = async (file: string): Promise<string[]> => (await readFile(file, "utf8")).split("\n");

describe("the delivery journal", () => {
  it("has every line appended in one turn on disk, in order, once the append resolves, and the next turn's after them", async () => {
    const file = path.join(await tempDir(), "journal.ndjson");
    const journal = openJournal(file);
    await Promise.all(["a", "b", "c"].map((line) => journal.append(line)));
    expect(await linesOf(file)).toEqual(["a", "b", "c", ""]);
    await journal.append("d");
    expect(await linesOf(file)).toEqual(["a", "b", "c", "d", ""]);
    await journal.close();
  });

  it("writes what is pending when closed, and refuses lines after that", async () => {
    const file = path.join(await tempDir(), "journal.ndjson");
    const journal = openJournal(file);
    const pending = journal.append("last");
    await journal.close();
    await pending;
    expect(await linesOf(file)).toEqual(["last", ""]);
    await expect(journal.append("late")).rejects.toThrow(`${file}: the journal is closed`);
  });

  it.skipIf(!existsSync("/dev/full"))(
    "rejects every line of a batch whose write fails, and every line after it, so no caller goes on as if it were written",
    async () => {
      // Every write to /dev/full fails with ENOSPC, as on a full disk.
      const journal = openJournal("/dev/full");
      const batch = [journal.append("one"), journal.append("two")];
      for (const append of batch) await expect(append).rejects.toMatchObject({ code: "ENOSPC" });
      await expect(journal.append("three")).rejects.toMatchObject({ code: "ENOSPC" });
      await expect(journal.flush()).rejects.toMatchObject({ code: "ENOSPC" });
      await journal.close().catch(() => undefined);
    },
  );
});
