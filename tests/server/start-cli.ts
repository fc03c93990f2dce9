import { spawn } from "node:child_process";
import { projectCommand } from "../helpers/run-script.ts";

/**
 * Starts `src/cli/serve.ts` as `npm run serve` would and resolves with the URL it prints. With `openFileLimit`, it
 * starts under `ulimit -n` of that many (soft and hard), as on a host configured so; with `softOpenFileLimit`, under a
 * soft limit of that many with the hard limit left as it is. `child.pid` is then the server's, since the shell `exec`s
 * it.
 */
export const startCli = (
  args: string[],
  env: NodeJS.ProcessEnv = {},
  options: { openFileLimit?: number; softOpenFileLimit?: number } = {},
) => {
  const serve = projectCommand("src/cli/serve.ts", args);
  const command = [serve.command, ...serve.args];
  const ulimit =
    options.openFileLimit !== undefined
      ? `ulimit -n ${options.openFileLimit}`
      : options.softOpenFileLimit !== undefined
        ? `ulimit -Sn ${options.softOpenFileLimit}`
        : undefined;
  const [file, commandArgs] =
    ulimit === undefined
      ? [command[0]!, command.slice(1)]
      : ["bash", ["-c", `${ulimit} && exec "$0" "$@"`, ...command]];
  const child = spawn(file, commandArgs, {
    cwd: serve.cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /http:\/\/\S+\//.exec(stdout);
      if (match) resolve(match[0]);
    });
    child.on("close", (code) => reject(new Error(`serve exited with ${code} before printing its URL: ${stderr}`)));
  });
  return { child, url, exited, output: () => ({ stdout, stderr }) };
};
