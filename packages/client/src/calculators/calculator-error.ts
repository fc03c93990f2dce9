/**
 * A calculation that cannot be made: an option out of range, or a catalog that lacks a fact the calculation needs
 * or carries it in a shape the calculator does not know. The message names the option or the fact and its JSON path.
 */
export class CalculatorError extends Error {
  override readonly name = "CalculatorError";
}
