import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { emptyFingerprints, type FingerprintStore } from "./check-sources.ts";

const Store = z.strictObject({
  version: z.literal(1),
  pages: z.record(z.string(), z.strictObject({ sha256: z.string().regex(/^[0-9a-f]{64}$/), checked_iso: z.iso.date(), changed_iso: z.iso.date() })),
});

/** The fingerprints of the previous run; none when the file does not exist yet. A damaged file is an error, never a fresh start. */
export const readFingerprints = async (file: string): Promise<FingerprintStore> => {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyFingerprints();
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error: unknown) {
    throw new Error(
      `${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}); restore it or delete it to start the fingerprints afresh`,
    );
  }
  const parsed = Store.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file} is not a fingerprint file: ${issue.message} at /${issue.path.join("/")}; restore it or delete it to start afresh`);
  }
  return parsed.data;
};

/** Writes the whole file beside its place, then renames it in: a reader sees the old fingerprints or the new. */
export const writeFingerprints = async (file: string, store: FingerprintStore): Promise<void> => {
  await mkdir(path.dirname(file), { recursive: true });
  const next = `${file}.next-${process.pid}`;
  await writeFile(next, `${JSON.stringify(store, null, 2)}\n`);
  await rename(next, file);
};
