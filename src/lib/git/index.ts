export { catFileBatch, openCatFileBatch } from "./cat-file-batch.ts";
export { gitResult, gitText, runGit, spawnGit } from "./run-git.ts";
