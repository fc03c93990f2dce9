import { type Environment, readVariable } from "../../lib/environment.ts";
/**
 * FACTS_WEBHOOK_ALLOW_HOSTS: comma-separated host names or IP literals that may be reached over plain http and at
 * non-public addresses. Meant for tests (127.0.0.1); empty in production.
 */
export const allowHostsFromEnvironment = (environment: Environment = process.env): ReadonlySet<string> =>
  new Set(
    (readVariable("FACTS_WEBHOOK_ALLOW_HOSTS", environment) ?? "")
      .split(",")
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, "$1"),
      )
      .filter(Boolean),
  );
