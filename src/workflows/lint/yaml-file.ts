import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { Problem } from "../../lib/problem.ts";
import { toJsonPointer } from "../../lib/text.ts";

export type YamlPath = readonly (string | number)[];

/** A YAML file parsed with positions, so every problem names its line and column (like the fact checks). */
export interface YamlFile {
  file: string;
  text: string;
  /** The parsed value, or undefined when the file does not parse. */
  value: unknown;
  syntaxProblems: Problem[];
  /** The trailing comment on the line of the node at `path` (for `uses: a@sha # v1.2.3`, " v1.2.3"). */
  commentAt(path: YamlPath): string | undefined;
  /** A problem at the node (for a map entry: at its key); a missing node falls back to its closest existing parent. */
  problemAt(path: YamlPath, message: string): Problem;
}

const childOf = (node: unknown, segment: string | number): { key?: Node; value?: Node } | undefined => {
  if (isMap(node)) {
    const pair = node.items.find((item) => (isScalar(item.key) ? item.key.value : item.key) === segment);
    return pair ? { key: pair.key as Node, value: pair.value as Node } : undefined;
  }
  if (isSeq(node) && typeof segment === "number") {
    const item = node.items[segment];
    return item ? { value: item as Node } : undefined;
  }
  return undefined;
};

export const parseYamlFile = (file: string, text: string): YamlFile => {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, path: YamlPath, message: string): Problem => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col, pointer: toJsonPointer(path), message };
  };
  const syntaxProblems = document.errors.map((error) => at(error.pos[0], [], `invalid YAML: ${error.message.split("\n")[0]}`));

  const locate = (path: YamlPath): { node: Node | undefined; key: Node | undefined; depth: number } => {
    let node: unknown = document.contents;
    let key: Node | undefined;
    for (let depth = 0; depth < path.length; depth++) {
      const child = childOf(node, path[depth]!);
      if (!child) return { node: node as Node | undefined, key, depth };
      node = child.value;
      key = child.key;
    }
    return { node: node as Node | undefined, key, depth: path.length };
  };

  return {
    file,
    text,
    value: syntaxProblems.length === 0 ? (document.toJS() as unknown) : undefined,
    syntaxProblems,
    commentAt: (path) => {
      const { node, depth } = locate(path);
      return depth === path.length && node ? (node.comment ?? undefined) : undefined;
    },
    problemAt: (path, message) => {
      const { node, key } = locate(path);
      const anchor = key ?? node;
      return at(anchor?.range?.[0] ?? 0, path, message);
    },
  };
};
