#!/usr/bin/env node
import { run } from "./main.ts";

/**
 * The public site's address, put in place of this name when the package is packed (tsdown.config.ts reads it from
 * FACTS_BASE_URL, which the release workflow sets); a package packed without it has none, and `--site` is required.
 */
declare const STAMPED_DEFAULT_SITE: string | undefined;

run(typeof STAMPED_DEFAULT_SITE === "string" ? STAMPED_DEFAULT_SITE : undefined);
