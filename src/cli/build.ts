import path from "node:path";
import { parseArgs } from "node:util";
import { buildModel } from "../build/build-model.ts";
import { writeTree } from "../build/write-tree.ts";
import { runCommand } from "../lib/command.ts";
import { baseUrlFromEnvironment, repositoryFromEnvironment, websubHubFromEnvironment } from "../lib/config.ts";
import { todayFromEnvironment } from "../lib/dates.ts";
import { readVariable } from "../lib/environment.ts";
import { renderSiteFiles } from "../render/render-site.ts";
import { KEYS_FILE, readSigningKeys, signingKeyFromPem, signManifest } from "../signing/signing-keys.ts";

/**
 * `npm run build [-- --out DIR] [--keys FILE]`: validate, derive and write the whole endpoint tree (default `_site/`),
 * signed with FACTS_SIGNING_KEY when it is set, once every file is within its payload budget. The key is checked against the committed public keys (`--keys`,
 * default `keys/jwks.json`) before anything is built, so a key consumers could not verify fails the build at once.
 */
const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      out: { type: "string", default: "_site" },
      root: { type: "string", default: "." },
      keys: { type: "string" },
    },
    strict: true,
  });
  const keysFile = values.keys ?? path.join(values.root, KEYS_FILE);
  const signingKeys = await readSigningKeys(keysFile, { missing: values.keys === undefined ? "empty" : "error" });
  const pem = readVariable("FACTS_SIGNING_KEY");
  const signer =
    pem === undefined ? undefined : signingKeyFromPem(pem, signingKeys, { name: "FACTS_SIGNING_KEY", keysFile });

  const model = await buildModel(values.root, {
    baseUrl: baseUrlFromEnvironment(),
    today: todayFromEnvironment(),
    signingKeys,
    websubHub: websubHubFromEnvironment(),
    repository: repositoryFromEnvironment(),
  });
  // Each file is written as it is rendered, and the tree swapped in once all are written. The payload budgets gate
  // what is published: a tree with a file over its budget is not swapped in (the last tree written stays as it was),
  // and the pull-request and deploy workflows fail at this step.
  const written = await writeTree(renderSiteFiles(model, { bytes: true }), values.out, {
    budgets: "refuse",
    ...(signer === undefined ? {} : { sign: (manifest: Uint8Array) => signManifest(manifest, signer) }),
  });

  const published =
    signingKeys.keys.length === 0
      ? `${keysFile} holds no key yet`
      : `${keysFile} publishes ${signingKeys.keys.length} key(s)`;
  const signature = signer ? `signed with key ${signer.kid}` : `unsigned: FACTS_SIGNING_KEY is not set (${published})`;
  console.log(
    `built ${written.files} files for ${model.facts.length} facts and ${model.diffs.length} diffs into ${values.out}/ (base URL ${model.urls.base}); ${signature}`,
  );
};

runCommand("build", main);
