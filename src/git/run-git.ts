import { spawn } from "node:child_process";

/** Runs one git command in `cwd` and returns its stdout as bytes; a non-zero exit becomes an error carrying git's own message. */
export const runGit = (cwd: string, args: readonly string[], input?: string | Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // The whole output is read before anything uses it, so git need not flush after every record (GIT_FLUSH=0).
    const child = spawn("git", args, { cwd, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, GIT_FLUSH: "0" } });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(stdout));
      else reject(new Error(`git ${args[0]} failed (exit ${code}): ${Buffer.concat(stderr).toString("utf8").trim()}`));
    });
    child.stdin.on("error", reject);
    child.stdin.end(input);
  });
