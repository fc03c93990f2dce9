import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

/** Every import between two files of `src/`, type-only imports included (they tie folders together just as much). */
const importsOfSource = async (): Promise<{ from: string; to: string }[]> => {
  const previous = process.cwd();
  process.chdir(PROJECT_ROOT);
  try {
    const result = await cruise(["src"], { tsPreCompilationDeps: true, doNotFollow: { path: "node_modules" } });
    const output = result.output as ICruiseResult;
    return output.modules.flatMap((module) =>
      module.dependencies
        .filter((dependency) => dependency.resolved.startsWith("src/"))
        .map((dependency) => ({ from: module.source, to: dependency.resolved })),
    );
  } finally {
    process.chdir(previous);
  }
};

/**
 * The folder-level edge an import makes, if any: the two sibling folders, under the deepest folder both files share,
 * that hold the importer and the imported file. A file importing from its own folder or from a parent folder's
 * files makes no edge.
 */
const folderEdge = (from: string, to: string): [string, string] | undefined => {
  const a = from.split("/");
  const b = to.split("/");
  let shared = 0;
  while (shared < a.length - 1 && shared < b.length - 1 && a[shared] === b[shared]) shared++;
  if (shared >= a.length - 1 || shared >= b.length - 1) return undefined;
  return [a.slice(0, shared + 1).join("/"), b.slice(0, shared + 1).join("/")];
};

/** Each cycle of a directed graph, as the folders on it (Tarjan's strongly connected components with more than one node). */
const cyclesOf = (edges: Map<string, Set<string>>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return components;
};

describe("the folders of src/", () => {
  it("import each other in one direction only, at every level, so the pipeline reads from one end to the other", { timeout: 60_000 }, async () => {
    const imports = await importsOfSource();
    expect(imports.length).toBeGreaterThan(100);
    const edges = new Map<string, Set<string>>();
    const examples = new Map<string, string>();
    for (const { from, to } of imports) {
      const edge = folderEdge(from, to);
      if (edge === undefined) continue;
      const [source, target] = edge;
      if (!edges.has(source)) edges.set(source, new Set());
      edges.get(source)!.add(target);
      if (!examples.has(`${source} ${target}`)) examples.set(`${source} ${target}`, `${from} imports ${to}`);
    }
    const cycles = cyclesOf(edges).map(
      (cycle) => `${cycle.join(" ↔ ")}: ${cycle.flatMap((source) => cycle.map((target) => examples.get(`${source} ${target}`)).filter(Boolean)).join("; ")}`,
    );
    expect(cycles).toEqual([]);
  });

  it("finds a cycle when there is one (the check itself)", () => {
    expect(folderEdge("src/a/x.ts", "src/b/y.ts")).toEqual(["src/a", "src/b"]);
    expect(folderEdge("src/a/x.ts", "src/a/y.ts")).toBeUndefined();
    expect(folderEdge("src/a/b/x.ts", "src/a/site-model.ts")).toBeUndefined();
    expect(folderEdge("src/a/b/x.ts", "src/a/c/y.ts")).toEqual(["src/a/b", "src/a/c"]);
    const graph = new Map([
      ["src/a", new Set(["src/b"])],
      ["src/b", new Set(["src/c"])],
      ["src/c", new Set(["src/a"])],
      ["src/d", new Set(["src/a"])],
    ]);
    expect(cyclesOf(graph)).toEqual([["src/a", "src/b", "src/c"]]);
  });
});
