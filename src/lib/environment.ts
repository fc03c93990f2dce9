import { readFile } from "node:fs/promises";
import { parseHttpUrl } from "../../packages/client/src/index.ts";
import { parseWholeNumber, type WholeNumberBounds } from "./command.ts";
import { errorMessage } from "./errors.ts";

/**
 * Every environment variable the project reads, in one table: the code reads them only through `readVariable`, and
 * the documentation lists exactly these names (tests/docs keeps the two in step).
 *
 * `setBy` says who provides it: `operator` (a repository secret or variable, or the person running a command),
 * `github` (the Actions runner sets it), `tests` (only tests and local experiments set it), `bench` (the benchmarks).
 */
interface Variable {
  readonly setBy: "operator" | "github" | "tests" | "bench";
  readonly description: string;
}

export const ENVIRONMENT = {
  FACTS_BASE_URL: {
    setBy: "operator",
    description:
      "Origin of every absolute URL in the output and in webhook bodies and emails: https with an optional path (http only on a loopback host), no query, fragment or user name; default http://localhost:<PORT or 8080>.",
  },
  FACTS_TODAY: {
    setBy: "operator",
    description: "Pretend today is this date (YYYY-MM-DD, UTC by default), to reproduce a run.",
  },
  FACTS_SIGNING_KEY: {
    setBy: "operator",
    description:
      "Ed25519 private key (PKCS#8 PEM, a repository secret) that signs manifest.json; unset, the build is unsigned.",
  },
  FACTS_WEBSUB_HUB: {
    setBy: "operator",
    description:
      "WebSub hub (an http(s) URL) the feeds name and npm run websub notifies after a deployment; unset, neither happens.",
  },
  FACTS_REPOSITORY: {
    setBy: "operator",
    description:
      "owner/name of the GitHub repository the fact pages link to for reporting an error and editing; default GITHUB_REPOSITORY, then the project's own.",
  },
  PORT: { setBy: "operator", description: "Port of the local server (default 8080; 0 picks a free port)." },
  HOST: { setBy: "operator", description: "Address the local server listens on (default 127.0.0.1)." },
  PATH: {
    setBy: "operator",
    description:
      "Where programs are found: npm run workflow passes it to every step after its own folders, and finds the real npm in it.",
  },
  FACTS_WEBHOOK_SUBSCRIBERS: {
    setBy: "operator",
    description: "The webhook subscribers as a JSON array (a repository secret).",
  },
  FACTS_WEBHOOK_SUBSCRIBERS_FILE: { setBy: "operator", description: "The same list read from a file instead." },
  FACTS_WEBHOOK_STATE: {
    setBy: "operator",
    description: "Folder of the webhook delivery state (required by the webhook commands).",
  },
  FACTS_WEBHOOK_RETENTION_DAYS: {
    setBy: "operator",
    description:
      "Days a finished webhook delivery stays in the state before it is folded into its subscriber's summary (default 35, at most 3650).",
  },
  FACTS_WEBHOOK_LOCK_WAIT_SECONDS: {
    setBy: "operator",
    description:
      "Seconds a webhook command waits for another that holds the state folder before refusing (default 60, at most 86400).",
  },
  FACTS_WEBHOOK_ALLOW_HOSTS: {
    setBy: "tests",
    description:
      "Comma-separated hosts that may be reached over plain http and at non-public addresses; unset in production.",
  },
  SMTP_URL: {
    setBy: "operator",
    description: "SMTP server for dead-delivery notices and the digest, as nodemailer reads it.",
  },
  FACTS_MAIL_FROM: { setBy: "operator", description: "Sender address of the emails." },
  FACTS_DIGEST_SUBSCRIBERS: {
    setBy: "operator",
    description: "The digest's recipients as a JSON array (a repository secret).",
  },
  FACTS_DIGEST_SUBSCRIBERS_FILE: { setBy: "operator", description: "The same list read from a file instead." },
  FACTS_DIGEST_EPOCH: {
    setBy: "operator",
    description: "The first 90-day digest cycle boundary, YYYY-MM-DD (default 2026-01-01).",
  },
  FACTS_DIGEST_STATE: {
    setBy: "operator",
    description: "Where the digest records what it sent; defaults to FACTS_WEBHOOK_STATE.",
  },
  FACTS_LINK_CHECK_CONNECT_TO: {
    setBy: "tests",
    description: "127.0.0.1:PORT: sends every source request to a local plain-HTTP server, keeping each URL's host.",
  },
  INDEX_SOURCES_BANK_OF_CANADA: {
    setBy: "tests",
    description:
      "Base URL of the Bank of Canada Valet API for npm run index:update (default https://www.bankofcanada.ca/valet).",
  },
  INDEX_SOURCES_CREA: {
    setBy: "tests",
    description:
      "Address of CREA's MLS HPI tool page for npm run index:update, which links the archive (default CREA's page).",
  },
  GITHUB_REPOSITORY: {
    setBy: "github",
    description: "owner/name of the repository, for the issues and comments the workflows write.",
  },
  GITHUB_EVENT_NAME: { setBy: "github", description: "The event that started the workflow." },
  GITHUB_EVENT_PATH: { setBy: "github", description: "File holding the event's JSON payload." },
  GITHUB_WORKSPACE: { setBy: "github", description: "The checked-out repository." },
  GITHUB_SERVER_URL: {
    setBy: "github",
    description: "The GitHub server, for pushing the state branch and the promotions.",
  },
  GITHUB_TOKEN: {
    setBy: "github",
    description:
      "The workflow token `npm run promote -- --push` and `npm run index:update -- --push-proposal` push with.",
  },
  GITHUB_API_URL: { setBy: "github", description: "The GitHub REST API's base (default https://api.github.com)." },
  GITHUB_ENV: {
    setBy: "github",
    description:
      "File a step appends NAME=value lines to, for the later steps' environment; the workflow runner gives each step one and refuses what GitHub refuses.",
  },
  BENCH_ROUNDS: {
    setBy: "bench",
    description: "Measurement rounds of the server benchmark, each loading the three servers in turn (default 5).",
  },
  BENCH_DURATION: { setBy: "bench", description: "Length of each wrk run in the server benchmark (default 3s)." },
  BENCH_CONNECTIONS: {
    setBy: "bench",
    description: "Open connections wrk keeps in the server benchmark (default 50).",
  },
  BENCH_PIN: { setBy: "bench", description: "0: do not pin the servers and wrk to separate CPUs." },
  BENCH_SCALE_MAX: {
    setBy: "bench",
    description: "The largest size the build-scale benchmark builds: 100, 1000 or 10000 facts (default 10000).",
  },
  BENCH_SCALE_TIMEOUT: {
    setBy: "bench",
    description: "Seconds one size's build may take in the build-scale benchmark before it is stopped (default 1800).",
  },
  BENCH_SCALE_PROFILE: {
    setBy: "bench",
    description: "1: the build-scale benchmark writes each build's CPU profile and prints its top self-time functions.",
  },
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof ENVIRONMENT;

/** An environment to read from: `process.env` by default, a plain object in tests. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The value of one variable; an empty value counts as unset, because workflows pass an unset variable as "". */
export const readVariable = (name: VariableName, environment: Environment = process.env): string | undefined => {
  const value = environment[name];
  return value === undefined || value === "" ? undefined : value;
};

/**
 * A variable that holds a whole number within `bounds`, or `fallback` when it is unset; anything else is a
 * UsageError naming the variable (see parseWholeNumber).
 */
export const readWholeNumber = (
  name: VariableName,
  fallback: number,
  bounds: WholeNumberBounds = {},
  environment: Environment = process.env,
): number => {
  const value = readVariable(name, environment);
  return value === undefined ? fallback : parseWholeNumber(value, name, bounds);
};

/**
 * A variable that holds a URL, or undefined when it is unset: absolute, http or https, and without a user name or
 * password, since every address the project reads from a setting is published or logged (parseHttpUrl). Anything
 * else is an error naming the setting; the value is echoed only when it carries no password. SMTP_URL is the one URL
 * setting read elsewhere (src/lib/mailer.ts): nodemailer takes the server's credentials from it, and it is never
 * published.
 */
export const readUrlVariable = (name: VariableName, environment: Environment = process.env): URL | undefined => {
  const value = readVariable(name, environment);
  return value === undefined ? undefined : parseHttpUrl(value, name);
};

/**
 * The text of a list given inline in the variable `name` (a repository secret in the workflows) or in the file that
 * `<name>_FILE` names, with where it came from for error messages; undefined when neither is set, an error when both
 * are.
 */
export const listTextFromEnvironment = async (
  name: "FACTS_WEBHOOK_SUBSCRIBERS" | "FACTS_DIGEST_SUBSCRIBERS",
  environment: Environment,
  read: (file: string) => Promise<string> = (file) => readFile(file, "utf8"),
): Promise<{ text: string; source: string } | undefined> => {
  const inline = readVariable(name, environment);
  const file = readVariable(`${name}_FILE`, environment);
  if (inline && file) throw new Error(`set ${name} or ${name}_FILE, not both`);
  if (inline) return { text: inline, source: name };
  if (!file) return undefined;
  try {
    return { text: await read(file), source: file };
  } catch (error: unknown) {
    throw new Error(`${name}_FILE: cannot read ${file}: ${errorMessage(error)}`);
  }
};
