import { spawn } from "node:child_process";

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git in `cwd` with extra environment (credentials travel this way, never in arguments or a config file). */
export const gitIn = (cwd: string, args: readonly string[], environment: NodeJS.ProcessEnv = {}): Promise<GitResult> =>
  new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: "0", ...environment }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });

/** Like gitIn, but a non-zero exit is an error that carries git's message. */
export const gitOrThrow = async (cwd: string, args: readonly string[], environment: NodeJS.ProcessEnv = {}): Promise<string> => {
  const result = await gitIn(cwd, args, environment);
  if (result.code !== 0) throw new Error(`git ${args[0]} failed (exit ${result.code}): ${result.stderr.trim()}`);
  return result.stdout;
};
