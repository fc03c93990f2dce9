// The calculators page's script, bundled into /assets/calculators.js by the build (src/build/bundle-scripts.ts).
// It runs the client package's own calculators on the facts this site publishes, each read when a calculation first
// needs it: no server computes anything, and every figure shown comes from a calculator's result, with the facts (and
// their versions) the result cites.

import type { FactSource } from "../../packages/client/src/index.ts";
import { restoreFromAddress, saveToAddress } from "./address.ts";
import { type Answer, preparePrinting, present, presentProblem, show } from "./answer-view.ts";
import { element } from "./dom.ts";
import { clearFields, problem } from "./fields.ts";
import { loadedFacts, onArrival } from "./loading.ts";
import { purchase } from "./purchase-answer.ts";
import { grant, ptt } from "./tax-answers.ts";
import { capex, credit, deposit, notice, rent } from "./tenancy-answers.ts";

/** Each calculator by the id of its section, in the page's order. */
const CALCULATORS: ReadonlyArray<readonly [string, (facts: FactSource) => Answer]> = [
  ["ptt", ptt],
  ["purchase", purchase],
  ["grant", grant],
  ["deposit", deposit],
  ["notice", notice],
  ["rent", rent],
  ["capex", capex],
  ["credit", credit],
];

const start = (): void => {
  const ids = CALCULATORS.map(([id]) => id);
  restoreFromAddress(ids);
  preparePrinting();
  for (const [id, calculate] of CALCULATORS) {
    const form = element<HTMLFormElement>(`${id}-form`);
    const update = (): void => {
      clearFields(id);
      try {
        show(id, present(id, calculate(loadedFacts())));
      } catch (error) {
        show(id, presentProblem(id, problem(error, "", id)));
      }
    };
    // Every control fires "input" as it changes (text as typed, boxes as ticked, the date and the list as chosen): the
    // reader is working in this calculator, which the address then names. "change" is not listened to: it fires again
    // when a text field loses focus, and redrawing then would replace the very link being clicked.
    form.addEventListener("input", () => {
      saveToAddress(ids, id);
      update();
    });
    form.addEventListener("submit", (event) => event.preventDefault());
    // A fact or a place read for this calculator runs it again, without naming it in the address.
    onArrival(id, update);
    form.hidden = false;
    // The facts as in force today fold away once the calculator can answer; a reader without the script sees them open.
    element<HTMLDetailsElement>(`${id}-today`).open = false;
    update();
  }
  element("calc-needs-js").hidden = true;
  // A link to one calculator, with the address's "#", lands on it once the forms have their height.
  const target = window.location.hash === "" ? null : document.getElementById(window.location.hash.slice(1));
  target?.scrollIntoView();
  document.body.dataset.calculators = "ready";
};

start();
