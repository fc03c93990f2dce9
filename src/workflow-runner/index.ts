export { type Annotation, parseCommandFile, readWorkflowCommands } from "./command-files.ts";
export type { Outcome, StepResult } from "./run-context.ts";
export type { JobResult } from "./run-job.ts";
export { runWorkflow, type WorkflowRun, WorkflowRunOptions } from "./run-workflow.ts";
export { STAND_INS, type StandIn } from "./stand-ins.ts";
