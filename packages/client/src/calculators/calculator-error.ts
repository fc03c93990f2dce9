/**
 * Why a calculation could not be made, for a program (or a page) that says it in its own words:
 * - `invalid-option`: an option out of range or of the wrong type (`option` names it);
 * - `unknown-option`: an option the calculator does not know (`option` names it);
 * - `missing-fact`: the facts passed in lack one the calculation needs;
 * - `no-rule-on-date`: the facts record no version of the rule in force on `date` (`first_iso`: the earliest);
 * - `value-unreadable`: the version in force on `date` has a value this calculator cannot read (`path` says where);
 * - `not-recorded`: the version in force on `date` does not record the part of the rule the calculation needs;
 * - `scheduled-change`: a change scheduled on or before `date` is not yet in the published value;
 * - `not-covered`: a case the calculator does not compute (for example a partial exemption).
 */
export type CalculatorErrorReason =
  | "invalid-option"
  | "unknown-option"
  | "missing-fact"
  | "no-rule-on-date"
  | "value-unreadable"
  | "not-recorded"
  | "scheduled-change"
  | "not-covered";

export interface CalculatorErrorDetails {
  reason: CalculatorErrorReason;
  /** The option at fault, for `invalid-option` and `unknown-option`. */
  option?: string;
  /** The fact at fault, for the reasons about facts. */
  fact_id?: string;
  /** The date the calculation was made for (YYYY-MM-DD). */
  date?: string;
  /** The version read, for `value-unreadable`. */
  version?: number;
  /** The JSON path in the fact's value that could not be read, for `value-unreadable`. */
  path?: string;
  /** The day the fact's earliest recorded version took effect, for `no-rule-on-date`. */
  first_iso?: string;
}

/**
 * A calculation that cannot be made: an option out of range, or a catalog that lacks a fact the calculation needs
 * or carries it in a shape the calculator does not know. The message names the option or the fact and its JSON path;
 * the same facts are in structured fields, so that a page can say them in plain words without parsing the message.
 */
export class CalculatorError extends Error {
  override readonly name = "CalculatorError";
  readonly reason: CalculatorErrorReason;
  readonly option: string | undefined;
  readonly fact_id: string | undefined;
  readonly date: string | undefined;
  readonly version: number | undefined;
  readonly path: string | undefined;
  readonly first_iso: string | undefined;

  constructor(message: string, details: CalculatorErrorDetails = { reason: "invalid-option" }) {
    super(message);
    this.reason = details.reason;
    this.option = details.option;
    this.fact_id = details.fact_id;
    this.date = details.date;
    this.version = details.version;
    this.path = details.path;
    this.first_iso = details.first_iso;
  }
}
