import { readFile } from "node:fs/promises";

export interface OpenFileLimit {
  /** The limit the process runs with (RLIMIT_NOFILE's soft limit); `Infinity` when unlimited. */
  soft: number;
  /** The ceiling the soft limit may be raised to without privileges. */
  hard: number;
}

const limitValue = (text: string): number => (text === "unlimited" ? Number.POSITIVE_INFINITY : Number(text));

/**
 * The open-file limit of this process, from /proc/self/limits; undefined where there is no such file (any system but
 * Linux). Node raises the soft limit to the hard limit as it starts on every POSIX system, so there is nothing left
 * for the server to raise: this only reads what Node obtained, so that the server can say how many connections it
 * can hold (each holds one file descriptor).
 */
export const readOpenFileLimit = async (): Promise<OpenFileLimit | undefined> => {
  const text = await readFile("/proc/self/limits", "utf8").catch(() => undefined);
  const match = text === undefined ? null : /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)\s/m.exec(text);
  return match === null ? undefined : { soft: limitValue(match[1]!), hard: limitValue(match[2]!) };
};

const shown = (value: number): string => (value === Number.POSITIVE_INFINITY ? "unlimited" : String(value));

/** One line for the server's start-up output. */
export const describeOpenFileLimit = (limit: OpenFileLimit | undefined): string => {
  if (limit === undefined) return `Open-file limit: not readable on ${process.platform} (see ulimit -n); each connection holds one file`;
  const below = limit.soft < limit.hard ? ` (the hard limit is ${shown(limit.hard)}, but the soft limit was not raised to it)` : "";
  return `Open-file limit: ${shown(limit.soft)}${below}; each connection holds one file`;
};
