import { spawnGit } from "./run-git.ts";

/** A running `git cat-file --batch`: ask for objects while other work is still producing their ids. */
export interface CatFileSession {
  request(objectId: string): void;
  /** Closes the request stream; resolves once every requested object has been handed to `onObject`. */
  finish(): Promise<void>;
}

/**
 * Starts one `git cat-file --batch` process; each object id is asked for once, however often it is requested.
 * Every object is handed to `onObject` as soon as its bytes are in, so the caller can work on it while git is
 * still reading the next ones, and nothing holds the whole output at once. An id git does not know fails the
 * session.
 */
export const openCatFileBatch = (cwd: string, onObject: (objectId: string, content: Buffer) => void): CatFileSession => {
  // --buffer: git writes its output when its buffer fills, not after every object, since nothing here waits for
  // one object's answer before asking for the next.
  const child = spawnGit(cwd, ["cat-file", "--batch", "--buffer"]);
  const stderr: Buffer[] = [];
  const requested = new Set<string>();
  let failure: Error | undefined;
  // Output not yet parsed: the start of an object whose bytes are still coming.
  let rest: Buffer = Buffer.alloc(0);

  /** Hands over every complete `<id> <type> <size>\n<content>\n` record at the start of `output`; returns what remains. */
  const parse = (output: Buffer): Buffer => {
    let offset = 0;
    for (;;) {
      const headerEnd = output.indexOf(0x0a, offset);
      if (headerEnd < 0) break;
      const [id, type, size] = output.toString("latin1", offset, headerEnd).split(" ");
      if (type === "missing" || id === undefined || size === undefined) throw new Error(`git object ${id} is missing from the repository`);
      const start = headerEnd + 1;
      const end = start + Number(size);
      // The content and the newline after it.
      if (end + 1 > output.length) break;
      onObject(id, output.subarray(start, end));
      offset = end + 1;
    }
    return output.subarray(offset);
  };

  child.stdout.on("data", (chunk: Buffer) => {
    if (failure) return;
    try {
      rest = parse(rest.length === 0 ? chunk : Buffer.concat([rest, chunk]));
    } catch (error: unknown) {
      failure = error instanceof Error ? error : new Error(String(error));
      child.kill();
    }
  });
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const closed = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      // A process killed because its output was refused stops reading its input: that failure is the one to report.
      if (!failure) reject(error);
    });
    child.on("close", (code) => {
      if (failure) reject(failure);
      else if (code !== 0) reject(new Error(`git cat-file failed (exit ${code}): ${Buffer.concat(stderr).toString("utf8").trim()}`));
      else if (rest.length > 0) reject(new Error(`git cat-file output ended inside an object (${rest.length} bytes left)`));
      else resolve();
    });
  });
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length > 0 && !failure) child.stdin.write(`${pending.join("\n")}\n`);
    pending = [];
  };
  return {
    request(objectId) {
      if (requested.has(objectId)) return;
      requested.add(objectId);
      pending.push(objectId);
      if (pending.length >= 256) flush();
    },
    async finish() {
      flush();
      child.stdin.end();
      await closed;
    },
  };
};

/** Reads many objects through a single `git cat-file --batch`: one process however many blobs are asked for. */
export const catFileBatch = async (cwd: string, objectIds: Iterable<string>): Promise<Map<string, Buffer>> => {
  const contents = new Map<string, Buffer>();
  const session = openCatFileBatch(cwd, (id, content) => contents.set(id, content));
  for (const id of objectIds) session.request(id);
  await session.finish();
  return contents;
};
