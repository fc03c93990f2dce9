import type { HistoryEntry } from "../schemas/fact.ts";
import type { FactVersion } from "./history/index.ts";
import { versionNote } from "./version-note.ts";

/**
 * docs/consumers/api.md#history-and-diffs: one entry per earlier version, newest first. `superseded_iso` is the date the next version took
 * effect, and `note` is the `Impact:` line of the commit that introduced the version (see versionNote). Empty when never revised. An entry
 * carries no citations: the diff resources publish every version with its full citations, and repeating them here
 * would make each fact's payload grow with every revision.
 */
export const historyEntries = (versions: readonly FactVersion[]): HistoryEntry[] =>
  versions
    .slice(0, -1)
    .map((version, index) => ({
      version: version.version,
      value: version.state.value,
      ...(version.state.unit === undefined ? {} : { unit: version.state.unit }),
      effective_iso: version.state.effective_iso,
      superseded_iso: versions[index + 1]!.state.effective_iso,
      note: versionNote(version.version, version.introduced),
    }))
    .reverse();
