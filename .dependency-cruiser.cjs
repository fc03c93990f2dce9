// The project's dependency rules, checked by `npm run deps` and by tests/structure/dependency-rules.test.ts over the
// production code: src/, packages/, actions/, site/ and bench/. docs/maintainers/architecture.md says why each exists.
const { readdirSync } = require("node:fs");
const path = require("node:path");

const SCANNED = ["src", "packages", "actions", "site", "bench"];

/** Every folder of the scanned code that holds an `index.ts`: a folder with a public surface (see the rule). */
const barrelFolders = () => {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(__dirname, folder), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const child = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.name === "index.ts") found.push(folder);
    }
  };
  for (const root of SCANNED) walk(root);
  return found.sort();
};

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A file may not import itself through other files: every import chain ends.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      severity: "error",
      scope: "folder",
      comment: "Folders import each other in one direction only, so the pipeline reads from one end to the other.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-not-to-src",
      severity: "error",
      comment:
        "The published client bundles only its own files (and zod): it imports nothing of the repository outside packages/client.",
      from: { path: "^packages/client/" },
      to: { path: "^(src|site|actions|bench)/" },
    },
    {
      name: "client-only-through-its-entry",
      severity: "error",
      comment:
        "The repository uses the client as a consumer does: through its published entry packages/client/src/index.ts.",
      from: { path: "^(src|site|actions|bench)/" },
      to: { path: "^packages/client/", pathNot: "^packages/client/src/index\\.ts$" },
    },
    // A folder keeps an index.ts only where it has a real public surface, and then the index is its one entrance:
    // from outside the folder, importing any other file inside it is an error. One rule per such folder.
    ...barrelFolders().map((folder) => ({
      name: "binding-barrel",
      severity: "error",
      comment: `${folder}/index.ts is the public surface of ${folder}/: import it, not a file behind it.`,
      from: { pathNot: `^${escapeRegExp(folder)}/` },
      to: { path: `^${escapeRegExp(folder)}/`, pathNot: `^${escapeRegExp(folder)}/index\\.ts$` },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    // Type-only imports tie files together just as much as value imports.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
