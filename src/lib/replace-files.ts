import { rename, rm, writeFile } from "node:fs/promises";

/**
 * Replaces each file with its new text, whole: every new text is first written beside its file, and only once all
 * are written are they renamed into place, so a failure while writing leaves every file as it was, and each file is
 * at any moment either its old or its new content, never torn.
 */
export const replaceFiles = async (files: readonly { path: string; text: string }[]): Promise<void> => {
  const temporary = (file: string): string => `${file}.next-${process.pid}`;
  try {
    for (const { path, text } of files) await writeFile(temporary(path), text);
    for (const { path } of files) await rename(temporary(path), path);
  } finally {
    await Promise.all(files.map(({ path }) => rm(temporary(path), { force: true })));
  }
};
