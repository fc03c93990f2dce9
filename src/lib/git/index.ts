export { catFileBatch, openCatFileBatch } from "./cat-file-batch.ts";
export { type BaseChoice, DEFAULT_BRANCH_REFS, defaultBase } from "./default-base.ts";
export { gitResult, gitText, runGit, spawnGit } from "./run-git.ts";
