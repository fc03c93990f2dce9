/**
 * FACTS_WEBHOOK_ALLOW_HOSTS: comma-separated host names or IP literals that may be reached over plain http and at
 * non-public addresses. Meant for tests (127.0.0.1); empty in production.
 */
export const allowHostsFromEnvironment = (environment: NodeJS.ProcessEnv = process.env): ReadonlySet<string> =>
  new Set(
    (environment.FACTS_WEBHOOK_ALLOW_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1"))
      .filter(Boolean),
  );
