/**
 * What a step tells the runner: the `$GITHUB_OUTPUT` and `$GITHUB_ENV` files (`name=value` lines, or
 * `name<<DELIMITER` … `DELIMITER` for several lines, as @actions/core writes them) and the workflow commands it prints
 * (`::error file=…::message`, `::add-mask::value`).
 */

/** Reads a `$GITHUB_OUTPUT` or `$GITHUB_ENV` file; `file` names it in an error, as the runner's own message does. */
export const parseCommandFile = (text: string, file: string): Record<string, string> => {
  const values: Record<string, string> = {};
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\r$/, "");
    if (line === "") continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.findIndex((each, at) => at > index && each.replace(/\r$/, "") === heredoc[2]);
      if (end === -1) throw new Error(`${file}: no closing delimiter "${heredoc[2]}" for ${heredoc[1]}`);
      values[heredoc[1]!] = lines.slice(index + 1, end).join("\n");
      index = end;
      continue;
    }
    const equals = line.indexOf("=");
    if (equals <= 0) throw new Error(`${file}: line ${index + 1} is neither name=value nor name<<DELIMITER`);
    values[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return values;
};

/** One annotation a step printed. */
export interface Annotation {
  level: "error" | "warning" | "notice";
  properties: Record<string, string>;
  message: string;
}

const unescapeCommand = (text: string): string =>
  text
    .replaceAll("%0A", "\n")
    .replaceAll("%0D", "\r")
    .replaceAll("%3A", ":")
    .replaceAll("%2C", ",")
    .replaceAll("%25", "%");

/** The annotations and masks in what a step printed. */
export const readWorkflowCommands = (output: string): { annotations: Annotation[]; masks: string[] } => {
  const annotations: Annotation[] = [];
  const masks: string[] = [];
  for (const match of output.matchAll(/^::([a-z-]+)(?: ([^:]*))?::(.*)$/gm)) {
    const [, command, properties, message] = match;
    if (command === "add-mask") masks.push(unescapeCommand(message!));
    if (command !== "error" && command !== "warning" && command !== "notice") continue;
    annotations.push({
      level: command,
      properties: Object.fromEntries(
        (properties ?? "")
          .split(",")
          .filter(Boolean)
          .map((pair) => {
            const [key, ...rest] = pair.split("=");
            return [key!, unescapeCommand(rest.join("="))];
          }),
      ),
      message: unescapeCommand(message!),
    });
  }
  return { annotations, masks };
};
