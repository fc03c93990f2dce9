/**
 * The files of a built tree the MCP server reads when a tool call first needs them (a fact's `by-id` file, a series
 * file, a place file): each checked against the size and SHA-256 the manifest lists for it, parsed, validated with its
 * schema, and kept in a small cache of the most recently used ones, one cache per kind of file.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { type ManifestEntry, verifyManifestFile } from "../../packages/client/src/index.ts";
import { formatProblem, type Problem } from "../lib/problem.ts";
import { parseBytes } from "../model/data-files.ts";
import { validateWithSchema } from "../model/json-document.ts";
import type { SiteSource } from "./site-source.ts";

/** How many files of one kind the server keeps parsed: the facts, series or places asked about most recently. */
export const FILES_KEPT_PER_KIND = 256;

/** How many problems of one file an error names before it only counts the rest. */
const PROBLEMS_SHOWN = 3;

/**
 * A published file the server cannot use: missing, not the bytes the manifest lists, not JSON, or not what its
 * schema describes. Its message names the file (its path on disk or its URL) and, for a value that breaks the
 * schema, the line, column and JSON Pointer of each problem. It is thrown as the protocol's internal error, so the SDK answers the
 * tool call that needed the file with `isError: true` and this message, and the server goes on serving.
 */
export class TreeFileError extends McpError {
  override readonly name = "TreeFileError";

  constructor(message: string) {
    super(ErrorCode.InternalError, message);
  }
}

/**
 * The most recently used values of one kind, at most `limit` of them: a Map keeps its keys in the order they were
 * set, so reading a value sets it again at the end, and when the cache is full the first key (the one used longest
 * ago) is removed.
 */
export class RecentlyUsed<Value> {
  readonly #values = new Map<string, Value>();
  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get(key: string): Value | undefined {
    const value = this.#values.get(key);
    if (value === undefined) return undefined;
    this.#values.delete(key);
    this.#values.set(key, value);
    return value;
  }

  set(key: string, value: Value): void {
    this.#values.delete(key);
    this.#values.set(key, value);
    if (this.#values.size > this.limit) this.#values.delete(this.#values.keys().next().value!);
  }

  delete(key: string): void {
    this.#values.delete(key);
  }

  get size(): number {
    return this.#values.size;
  }
}

/**
 * The problems of one file as the one line of a tool error: where the file is (its path on disk or its URL), then
 * each problem with its line, column and JSON Pointer.
 */
const problemsText = (source: SiteSource, problems: readonly Problem[]): string => {
  const shown = problems
    .slice(0, PROBLEMS_SHOWN)
    .map((problem) => formatProblem({ ...problem, file: source.where(`/${problem.file}`) }));
  const more = problems.length > PROBLEMS_SHOWN ? ` (and ${problems.length - PROBLEMS_SHOWN} more)` : "";
  return `${shown.join("; ")}${more}`;
};

/**
 * One kind of published file read on demand: where a key's file is (`pathOf`), the schema it must follow, a check of
 * what it holds beyond its schema (that a fact's file is about the fact asked for), and what the server keeps of it.
 */
export interface FileKind<Schema extends z.ZodType, Value> {
  /** What the files are, in a refusal: "fact", "series", "place". */
  name: string;
  pathOf: (key: string) => string;
  schema: Schema;
  /** A problem of a file that follows its schema, with the JSON path it is at; undefined when there is none. */
  check: (key: string, parsed: z.infer<Schema>) => { message: string; at: (string | number)[] } | undefined;
  /** What the server keeps of a valid file. */
  take: (parsed: z.infer<Schema>) => Value;
}

/**
 * Reads files of one kind when first asked for and keeps the most recently used ones. A file is read once however
 * many calls ask for it at the same time (they wait for the same read); a file that cannot be used is not kept, so
 * every call that needs it is answered with the error (and a tree repaired since is read again).
 */
export class OnDemandFiles<Schema extends z.ZodType, Value> {
  readonly #kept: RecentlyUsed<Value>;
  readonly #reading = new Map<string, Promise<Value>>();
  readonly source: SiteSource;
  readonly manifest: ReadonlyMap<string, ManifestEntry>;
  readonly kind: FileKind<Schema, Value>;
  /** Called with the site path of each file read from the tree, before it is read: what the tests observe. */
  readonly onRead: ((sitePath: string) => void) | undefined;

  constructor(
    source: SiteSource,
    manifest: ReadonlyMap<string, ManifestEntry>,
    kind: FileKind<Schema, Value>,
    onRead: ((sitePath: string) => void) | undefined = undefined,
    limit = FILES_KEPT_PER_KIND,
  ) {
    this.source = source;
    this.manifest = manifest;
    this.kind = kind;
    this.onRead = onRead;
    this.#kept = new RecentlyUsed(limit);
  }

  /** The value of `key`'s file, read, checked and parsed now or taken from the cache; a TreeFileError if unusable. */
  get(key: string): Promise<Value> {
    const kept = this.#kept.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const reading = this.#reading.get(key);
    if (reading !== undefined) return reading;
    const read = this.#read(key).finally(() => this.#reading.delete(key));
    this.#reading.set(key, read);
    return read;
  }

  async #read(key: string): Promise<Value> {
    const sitePath = this.kind.pathOf(key);
    const entry = this.manifest.get(sitePath);
    if (entry === undefined)
      throw new TreeFileError(
        `${this.source.where(sitePath)}: the manifest lists no ${this.kind.name} file ${sitePath}`,
      );
    this.onRead?.(sitePath);
    const read = await this.source.readListed(sitePath, entry.bytes);
    if ("problem" in read) throw new TreeFileError(read.problem);
    const verdict = await verifyManifestFile(read.bytes, entry);
    if (!verdict.ok)
      throw new TreeFileError(`${this.source.where(sitePath)}: is not the file the manifest lists (${verdict.reason})`);
    const doc = parseBytes(sitePath.slice(1), read.bytes);
    if (doc.syntaxProblems.length > 0) throw new TreeFileError(problemsText(this.source, doc.syntaxProblems));
    const validated = validateWithSchema(doc, this.kind.schema);
    if (validated.value === undefined) throw new TreeFileError(problemsText(this.source, validated.problems));
    const problem = this.kind.check(key, validated.value);
    if (problem !== undefined)
      throw new TreeFileError(problemsText(this.source, [doc.problemAt(problem.at, problem.message)]));
    const taken = this.kind.take(validated.value);
    this.#kept.set(key, taken);
    return taken;
  }
}
