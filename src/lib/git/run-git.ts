import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/**
 * Starts git in `cwd`: the one place the project runs it. It never asks for a password (GIT_TERMINAL_PROMPT=0:
 * credentials travel in `environment`, never in arguments or a config file), and it fills its output buffer
 * before writing to the pipe (GIT_FLUSH=0) instead of flushing after every record, since every caller reads the
 * output as a stream or as a whole, never waiting on one record at a time.
 */
export const spawnGit = (cwd: string, args: readonly string[], environment: NodeJS.ProcessEnv = {}): ChildProcessByStdio<Writable, Readable, Readable> =>
  spawn("git", args, { cwd, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_FLUSH: "0", ...environment } });

/** What a finished git command printed, and how it exited. */
export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs one git command to its end, with `input` on its stdin; a non-zero exit is a result, not an error. */
export const gitResult = (
  cwd: string,
  args: readonly string[],
  options: { input?: string | Buffer; environment?: NodeJS.ProcessEnv } = {},
): Promise<GitResult> =>
  new Promise((resolve, reject) => {
    const child = spawnGit(cwd, args, options.environment);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString("utf8") }));
    child.stdin.on("error", reject);
    child.stdin.end(options.input);
  });

/** The error for a git command that exited non-zero, carrying git's own message. */
export const gitFailure = (args: readonly string[], code: number | null, stderr: string): Error =>
  new Error(`git ${args[0]} failed (exit ${code}): ${stderr.trim()}`);

/** Runs one git command and returns its stdout as bytes; a non-zero exit becomes an error carrying git's own message. */
export const runGit = async (cwd: string, args: readonly string[], input?: string | Buffer): Promise<Buffer> => {
  const result = await gitResult(cwd, args, { input });
  if (result.code !== 0) throw gitFailure(args, result.code, result.stderr);
  return result.stdout;
};

/** Runs one git command with extra environment and returns its stdout as text; a non-zero exit becomes an error. */
export const gitText = async (cwd: string, args: readonly string[], environment: NodeJS.ProcessEnv = {}): Promise<string> => {
  const result = await gitResult(cwd, args, { environment });
  if (result.code !== 0) throw gitFailure(args, result.code, result.stderr);
  return result.stdout.toString("utf8");
};
