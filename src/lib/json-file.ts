import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { z } from "zod";
import { isMissingFile } from "./errors.ts";
import { toJsonPointer } from "./text.ts";

/**
 * The value of a JSON text read from `file`, checked against `schema`; an error names the file and, for a value that
 * breaks the schema, the JSON Pointer of the first wrong place: `state.json: Invalid input (at /deliveries/3/id)`.
 */
export const parseJsonText = <S extends z.ZodType>(text: string, schema: S, file: string): z.output<S> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error: unknown) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const at = issue.path.length === 0 ? "the document root" : toJsonPointer(issue.path);
  throw new Error(`${file}: ${issue.message} (at ${at})`);
};

export interface ReadJsonOptions {
  /** True: a missing file reads as `undefined`; otherwise a missing file is an error naming it. */
  absentAllowed?: boolean;
}

type JsonFileValue<S extends z.ZodType, O extends ReadJsonOptions> = O extends { absentAllowed: true }
  ? z.output<S> | undefined
  : z.output<S>;

/** Reads `file` as JSON checked against `schema` (see {@link parseJsonText}). */
export const readJsonFile = async <S extends z.ZodType, O extends ReadJsonOptions = Record<never, never>>(
  file: string,
  schema: S,
  options?: O,
): Promise<JsonFileValue<S, O>> => {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error: unknown) {
    if (options?.absentAllowed === true && isMissingFile(error)) return undefined as JsonFileValue<S, O>;
    throw error;
  }
  return parseJsonText(text, schema, file);
};

/** The same, synchronously, for the few callers that must not yield between reading and acting (a held lock). */
export const readJsonFileSync = <S extends z.ZodType, O extends ReadJsonOptions = Record<never, never>>(
  file: string,
  schema: S,
  options?: O,
): JsonFileValue<S, O> => {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error: unknown) {
    if (options?.absentAllowed === true && isMissingFile(error)) return undefined as JsonFileValue<S, O>;
    throw error;
  }
  return parseJsonText(text, schema, file);
};

/** Where the new content of `file` is written in full before it is renamed over `file`. */
const TEMPORARY_INFIX = ".next-";
const temporaryOf = (file: string): string => `${file}${TEMPORARY_INFIX}${process.pid}`;

/**
 * Removes what a process killed between writing and renaming left beside `file` (its temporary files, by any process
 * id): `file` itself is still whole, the old content, so the leftovers hold nothing to keep. For a caller that holds
 * the lock on the folder, so no other writer is midway.
 */
export const removeLeftoverTemporaries = (file: string): void => {
  const prefix = `${basename(file)}${TEMPORARY_INFIX}`;
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(prefix)) rmSync(join(dirname(file), name), { force: true });
  }
};

/**
 * Replaces `file` with `text` so that a process killed at any point leaves the old content or the new, never a torn
 * file: the new content is written in full beside the file and then renamed over it, and a rename within a folder is
 * atomic. A failure removes the temporary file and leaves `file` as it was. Synchronous, so the content is in place
 * before the caller's next step begins.
 */
export const writeFileAtomic = (file: string, text: string | Uint8Array): void => {
  const temporary = temporaryOf(file);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  } catch (error: unknown) {
    rmSync(temporary, { force: true });
    throw error;
  }
};

/**
 * Replaces several files, all or none as far as a failure while writing goes: every new text is first written beside
 * its file, and only once all are written are they renamed into place; each file is at any moment either its old or
 * its new content, never torn (the same rename as {@link writeFileAtomic}).
 */
export const replaceFiles = async (files: readonly { path: string; text: string }[]): Promise<void> => {
  try {
    for (const { path, text } of files) await writeFile(temporaryOf(path), text);
    for (const { path } of files) await rename(temporaryOf(path), path);
  } finally {
    await Promise.all(files.map(({ path }) => rm(temporaryOf(path), { force: true })));
  }
};
