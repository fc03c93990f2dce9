import { readFile } from "node:fs/promises";
import { PROJECT_ROOT } from "./synthetic-repository.ts";

/** The functions with the most self time in a .cpuprofile, with their share of the samples. */
export const topSelfTime = async (file: string, count = 15): Promise<string[]> => {
  const profile = JSON.parse(await readFile(file, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const frame = byNode.get(id)!.callFrame;
    const where =
      frame.url === ""
        ? ""
        : ` ${frame.url.replace(/^file:\/\//, "").replace(`${PROJECT_ROOT}/`, "")}:${frame.lineNumber + 1}`;
    const key = `${frame.functionName || "(anonymous)"}${where}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, micros]) =>
        `${((100 * micros) / total).toFixed(1).padStart(5)}%  ${(micros / 1e6).toFixed(2).padStart(7)} s  ${key}`,
    );
};
