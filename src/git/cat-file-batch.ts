import { spawn } from "node:child_process";

/** A running `git cat-file --batch`: ask for objects while other work is still producing their ids. */
export interface CatFileSession {
  request(objectId: string): void;
  /** Closes the request stream and returns the content of every requested object by id. */
  finish(): Promise<Map<string, Buffer>>;
}

/** Starts one `git cat-file --batch` process; each object id is asked for once, however often it is requested. */
export const openCatFileBatch = (cwd: string): CatFileSession => {
  const child = spawn("git", ["cat-file", "--batch"], { cwd, stdio: ["pipe", "pipe", "pipe"] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  const requested = new Set<string>();
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
  const closed = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.stdin.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`git cat-file failed (exit ${code}): ${Buffer.concat(stderr).toString("utf8").trim()}`)),
    );
  });
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length > 0) child.stdin.write(`${pending.join("\n")}\n`);
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
      return parseBatchOutput(Buffer.concat(stdout));
    },
  };
};

/** Parses `<id> <type> <size>\n<content>\n` records; an id git does not know is an error. */
const parseBatchOutput = (output: Buffer): Map<string, Buffer> => {
  const contents = new Map<string, Buffer>();
  let offset = 0;
  while (offset < output.length) {
    const headerEnd = output.indexOf(0x0a, offset);
    const [id, type, size] = output.toString("latin1", offset, headerEnd).split(" ");
    if (type === "missing" || id === undefined || size === undefined) throw new Error(`git object ${id} is missing from the repository`);
    const start = headerEnd + 1;
    const end = start + Number(size);
    contents.set(id, output.subarray(start, end));
    offset = end + 1;
  }
  return contents;
};

/** Reads many objects through a single `git cat-file --batch`: one process however many blobs are asked for. */
export const catFileBatch = async (cwd: string, objectIds: Iterable<string>): Promise<Map<string, Buffer>> => {
  const session = openCatFileBatch(cwd);
  for (const id of objectIds) session.request(id);
  return session.finish();
};
