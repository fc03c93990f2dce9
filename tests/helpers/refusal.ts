import { CalculatorError } from "../../packages/client/src/index.ts";

/** The CalculatorError a calculation is refused with; anything else it throws, or an answer, fails the test. */
export const refusal = (run: () => unknown): CalculatorError => {
  try {
    run();
  } catch (error: unknown) {
    if (error instanceof CalculatorError) return error;
    throw error;
  }
  throw new Error("expected the calculator to refuse");
};
