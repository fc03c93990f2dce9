import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/**
 * What a tool answers: the structured content its output schema describes and the same answer as readable text, for
 * clients that show the model only the text. `invalid` instead says why the arguments cannot be answered (an
 * unknown fact id, a calculation the facts do not allow), in words the assistant can act on.
 */
export type ToolAnswer<Structured extends Record<string, unknown>> = { structured: Structured; text: string } | { invalid: string };

/**
 * The protocol's form of an answer. A refusal is thrown as an McpError with InvalidParams, the code the SDK gives
 * arguments its input schema refuses, so both reach the client the same way: this SDK version turns every error of
 * a tool call into a result with `isError: true` whose text is the error's message.
 */
export const toolResult = <Structured extends Record<string, unknown>>(answer: ToolAnswer<Structured>): CallToolResult => {
  if ("invalid" in answer) throw new McpError(ErrorCode.InvalidParams, answer.invalid);
  return { content: [{ type: "text", text: answer.text }], structuredContent: answer.structured };
};
