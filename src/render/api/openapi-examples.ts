/**
 * The examples of the OpenAPI description: each operation's example is the file the same build published for one
 * instance of its path, the one its parameters' examples name, so no example is written by hand and none can say what
 * the API does not. A file that lists everything is cut to its first items, and its example says where.
 */
import { parse } from "csv-parse/sync";

/** How many items a cut example keeps of a list, a feed, a calendar or a table. */
export const EXAMPLE_ITEMS = 2;

/** An OpenAPI Example Object. */
export interface Example {
  summary: string;
  description: string;
  value: unknown;
}

export interface PathParameter {
  name: string;
  in: "path";
  required: true;
  schema: unknown;
  /** The value the operation's example was published for; absent when the data has none (no diff yet, say). */
  example?: string | number;
}

export interface MediaType {
  schema: unknown;
  examples?: Record<string, Example>;
}

export interface OpenApiResponse {
  description: string;
  headers?: unknown;
  content?: Record<string, MediaType>;
}

export interface PathItem {
  get: { summary: string; parameters?: PathParameter[]; responses: Record<string, OpenApiResponse> };
}

/** What an operation's example is made from: its media type, and for JSON the lists (JSON pointers) it cuts. */
export interface ExampleSource {
  mediaType: string;
  cuts: readonly string[];
}

/** The one media type of an operation's 200 response. */
const mediaTypeOf = (item: PathItem, template: string): string => {
  const types = Object.keys(item.get.responses["200"]?.content ?? {});
  if (types.length !== 1) throw new Error(`OpenAPI path ${template}: its 200 response has ${types.length} media types`);
  return types[0] as string;
};

/** The path a template names with its parameters' examples, or undefined when one has none. */
const instancePath = (template: string, parameters: readonly PathParameter[]): string | undefined => {
  let path = template;
  for (const parameter of parameters) {
    if (parameter.example === undefined) return undefined;
    path = path.replace(`{${parameter.name}}`, String(parameter.example));
  }
  return path;
};

/**
 * The published file each operation's example is made from, by its site path. `cutsOf` gives the lists a template's
 * example cuts; `except` names the paths whose example is not a file published before the description (its own).
 */
export const exampleSources = (
  paths: Readonly<Record<string, PathItem>>,
  cutsOf: (template: string) => readonly string[],
  except: ReadonlySet<string>,
): Map<string, ExampleSource> => {
  const sources = new Map<string, ExampleSource>();
  for (const [template, item] of Object.entries(paths)) {
    const path = instancePath(template, item.get.parameters ?? []);
    if (path === undefined || except.has(path)) continue;
    sources.set(path, { mediaType: mediaTypeOf(item, template), cuts: cutsOf(template) });
  }
  return sources;
};

/**
 * A parsed file with the array at a JSON pointer cut to its first items, and whether it had more; a `*` token stands
 * for every member of an object (a list per board). A part the file does not have, or holds as null, is not cut (an
 * index with no data yet has no methodology months); an error names the file when the pointer names anything else.
 */
const cutList = (value: unknown, pointer: string, path: string): { value: unknown; cut: boolean } => {
  const at = (inner: unknown, tokens: readonly string[]): { value: unknown; cut: boolean } => {
    if (inner === undefined || inner === null) return { value: inner, cut: false };
    const [key, ...rest] = tokens;
    if (key === undefined) {
      if (!Array.isArray(inner)) throw new Error(`${path}: the OpenAPI example cuts a list at "${pointer}", not one`);
      return { value: inner.slice(0, EXAMPLE_ITEMS), cut: inner.length > EXAMPLE_ITEMS };
    }
    if (typeof inner !== "object" || Array.isArray(inner))
      throw new Error(`${path}: the OpenAPI example cuts a list at "${pointer}", inside something else than an object`);
    const members = Object.entries(inner).map(
      ([name, member]) =>
        [name, key === "*" || key === name ? at(member, rest) : { value: member, cut: false }] as const,
    );
    return {
      value: Object.fromEntries(members.map(([name, member]) => [name, member.value])),
      cut: members.some(([, member]) => member.cut),
    };
  };
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/");
  return at(
    value,
    tokens.map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~")),
  );
};

/** Where the items of a feed or calendar end, each: the example keeps the text up to the end of its last kept item. */
const ITEM_ENDS: Readonly<Record<string, { end: string; items: string }>> = {
  "application/rss+xml": { end: "</item>", items: "items" },
  "application/atom+xml": { end: "</entry>", items: "entries" },
  // A line of its own: a folded line of text starts with a space, so this is never part of a property's value.
  "text/calendar": { end: "\r\nEND:VEVENT\r\n", items: "events" },
};

/**
 * A feed or calendar with its first items and what follows its last item (the closing tags, `END:VCALENDAR`), or
 * undefined when it has no more items than an example keeps. XML escapes `<` in text, so `</item>` is always a tag.
 */
const cutItems = (text: string, end: string): string | undefined => {
  const ends: number[] = [];
  for (let at = text.indexOf(end); at !== -1; at = text.indexOf(end, at + end.length)) ends.push(at + end.length);
  if (ends.length <= EXAMPLE_ITEMS) return undefined;
  return text.slice(0, ends[EXAMPLE_ITEMS - 1]) + text.slice(ends.at(-1));
};

/**
 * A CSV file's header and first records, each as written (a quoted field may hold a line break), or undefined when it
 * has no more records than an example keeps. The records end where csv-parse has read them to, delimiter included
 * (its `raw` text leaves out the `\n` of a `\r\n`).
 */
const cutRecords = (text: string): string | undefined => {
  const bytes = Buffer.from(text);
  let end = 0;
  parse(bytes, {
    to: EXAMPLE_ITEMS + 1,
    on_record: (fields, { bytes: read }) => {
      end = read;
      return fields;
    },
  });
  return end < bytes.length ? bytes.subarray(0, end).toString("utf8") : undefined;
};

/** An operation's example from the file published at `path`, cut as its source says. */
export const publishedExample = (path: string, text: string, source: ExampleSource): Example => {
  const whole = { summary: "As published", description: `The file this build published at ${path}, whole.` };
  const cut = (what: string) => ({
    summary: "As published, cut",
    description: `The file this build published at ${path}, cut to fit: ${what}.`,
  });
  if (source.mediaType === "application/json") {
    let value = JSON.parse(text) as unknown;
    const cuts: string[] = [];
    for (const pointer of source.cuts) {
      const cutOne = cutList(value, pointer, path);
      value = cutOne.value;
      if (cutOne.cut) cuts.push(pointer);
    }
    if (cuts.length === 0) return { ...whole, value };
    const lists =
      cuts.length === 1
        ? cuts[0] === ""
          ? "the file's list"
          : `the list at ${cuts[0]}`
        : `each list at ${cuts.slice(0, -1).join(", ")} and ${cuts.at(-1)}`;
    return { ...cut(`${lists} keeps its first ${EXAMPLE_ITEMS} items`), value };
  }
  if (source.mediaType === "text/csv") {
    const value = cutRecords(text);
    return value === undefined
      ? { ...whole, value: text }
      : { ...cut(`its header row and first ${EXAMPLE_ITEMS} records`), value };
  }
  const items = ITEM_ENDS[source.mediaType];
  if (items === undefined) throw new Error(`${path}: no OpenAPI example is made from ${source.mediaType}`);
  const value = cutItems(text, items.end);
  return value === undefined
    ? { ...whole, value: text }
    : { ...cut(`its first ${EXAMPLE_ITEMS} ${items.items}`), value };
};

/** The path items with each operation's example, where its file was published. */
export const withExamples = (
  paths: Readonly<Record<string, PathItem>>,
  examples: ReadonlyMap<string, Example>,
): Record<string, PathItem> =>
  Object.fromEntries(
    Object.entries(paths).map(([template, item]) => {
      const path = instancePath(template, item.get.parameters ?? []);
      const example = path === undefined ? undefined : examples.get(path);
      const ok = item.get.responses["200"];
      if (path === undefined || example === undefined || ok?.content === undefined) return [template, item];
      const mediaType = mediaTypeOf(item, template);
      const content = { [mediaType]: { ...ok.content[mediaType], examples: { [path]: example } } as MediaType };
      return [template, { get: { ...item.get, responses: { ...item.get.responses, 200: { ...ok, content } } } }];
    }),
  );
