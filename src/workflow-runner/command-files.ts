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

/**
 * GitHub's default variables named `GITHUB_*` and `RUNNER_*`, as its Variables reference lists them
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/variables): "You can't overwrite the value of
 * the default environment variables named `GITHUB_*` and `RUNNER_*`." `CI` is not among them: "Currently you can
 * overwrite the value of the `CI` variable." Other names that merely start so (a `GITHUB_TOKEN` a step exports) are
 * not defaults, and a step may set them.
 */
export const DEFAULT_VARIABLES: ReadonlySet<string> = new Set([
  "GITHUB_ACTION",
  "GITHUB_ACTION_PATH",
  "GITHUB_ACTION_REPOSITORY",
  "GITHUB_ACTIONS",
  "GITHUB_ACTOR",
  "GITHUB_ACTOR_ID",
  "GITHUB_API_URL",
  "GITHUB_BASE_REF",
  "GITHUB_ENV",
  "GITHUB_EVENT_NAME",
  "GITHUB_EVENT_PATH",
  "GITHUB_GRAPHQL_URL",
  "GITHUB_HEAD_REF",
  "GITHUB_JOB",
  "GITHUB_OUTPUT",
  "GITHUB_PATH",
  "GITHUB_REF",
  "GITHUB_REF_NAME",
  "GITHUB_REF_PROTECTED",
  "GITHUB_REF_TYPE",
  "GITHUB_REPOSITORY",
  "GITHUB_REPOSITORY_ID",
  "GITHUB_REPOSITORY_OWNER",
  "GITHUB_REPOSITORY_OWNER_ID",
  "GITHUB_RETENTION_DAYS",
  "GITHUB_RUN_ATTEMPT",
  "GITHUB_RUN_ID",
  "GITHUB_RUN_NUMBER",
  "GITHUB_SERVER_URL",
  "GITHUB_SHA",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY",
  "GITHUB_TRIGGERING_ACTOR",
  "GITHUB_WORKFLOW",
  "GITHUB_WORKFLOW_REF",
  "GITHUB_WORKFLOW_SHA",
  "GITHUB_WORKSPACE",
  "RUNNER_ARCH",
  "RUNNER_DEBUG",
  "RUNNER_ENVIRONMENT",
  "RUNNER_NAME",
  "RUNNER_OS",
  "RUNNER_TEMP",
  "RUNNER_TOOL_CACHE",
]);

/**
 * What GitHub keeps of a step's `$GITHUB_ENV` file. `NODE_OPTIONS` is refused with an error ("Due to security
 * restrictions, `GITHUB_ENV` cannot be used to set the `NODE_OPTIONS` environment variable."; GitHub's runner reports
 * "Can't store NODE_OPTIONS output parameter using '$GITHUB_ENV' command." as an error annotation and drops the value,
 * the step's result standing). A default `GITHUB_*` or `RUNNER_*` variable is left as it was, which GitHub does
 * without a word; here it comes with a warning, so the author knows the next step will not see the value. `where`
 * names the workflow, job and step in each message, which comes back as workflow-command lines to add to the log.
 */
export const screenEnvFile = (
  values: Record<string, string>,
  where: string,
): { kept: Record<string, string>; commands: string } => {
  const kept: Record<string, string> = {};
  const commands: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (name.toUpperCase() === "NODE_OPTIONS")
      commands.push(
        `::error::${where}: Can't store NODE_OPTIONS output parameter using '$GITHUB_ENV' command. GitHub refuses it ("GITHUB_ENV cannot be used to set the NODE_OPTIONS environment variable"); the value was not stored`,
      );
    else if (DEFAULT_VARIABLES.has(name))
      commands.push(
        `::warning::${where}: GITHUB_ENV cannot overwrite ${name}, one of GitHub's default variables ("You can't overwrite the value of the default environment variables named GITHUB_* and RUNNER_*"); later steps keep the runner's value`,
      );
    else kept[name] = value;
  }
  return { kept, commands: commands.map((line) => `${line}\n`).join("") };
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
