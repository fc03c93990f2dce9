import { parseArgs } from "node:util";
import { runCommand } from "../../../src/lib/command.ts";
import { UsageError } from "../../../src/lib/errors.ts";
import { serveOverStdio } from "../../../src/mcp/serve-stdio.ts";
import mcpPackage from "../package.json" with { type: "json" };

/** The command's name, as npm installs it and as it starts each line it writes to stderr. */
const COMMAND = "bc-real-estate-facts-mcp";

const usage = (defaultSite: string | undefined): string =>
  [
    `usage: ${COMMAND} [--site URL|DIR]`,
    "",
    "Serves verified facts about British Columbia residential real estate, with their official citations, to an AI",
    "assistant's host over the Model Context Protocol, on stdin and stdout, until its input closes.",
    "",
    "  --site URL   the address of a site this project publishes (https://…), read over HTTP",
    "  --site DIR   a built tree (the _site folder `npm run build` writes in a clone), read from disk",
    defaultSite === undefined
      ? "               required: this package was packed without the public site's address"
      : `               default: ${defaultSite}, the public site`,
    "  --help       print this and exit",
    "  --version    print the version and exit",
  ].join("\n");

/**
 * The package's command: `--site URL|DIR` (the site to serve, by default `defaultSite`, the public site's address
 * stamped when the package was packed), `--help`, `--version`. Anything it cannot serve is refused with one line on
 * stderr and exit code 2 (src/lib/command.ts).
 */
export const run = (defaultSite: string | undefined): void =>
  runCommand(COMMAND, async () => {
    const { values } = parseArgs({
      options: { site: { type: "string" }, help: { type: "boolean" }, version: { type: "boolean" } },
      strict: true,
    });
    if (values.help === true) {
      console.log(usage(defaultSite));
      return;
    }
    if (values.version === true) {
      console.log(mcpPackage.version);
      return;
    }
    const site = values.site ?? defaultSite;
    if (site === undefined)
      throw new UsageError(
        "--site is required: this package was packed without the public site's address (FACTS_BASE_URL); give --site URL (a site this project publishes) or --site DIR (a built tree)",
      );
    await serveOverStdio(site, COMMAND);
  });
