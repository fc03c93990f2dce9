import { roundCents } from "../../packages/client/src/index.ts";

/** The arithmetic of the affordability index; cents and the monthly payment are the client's calculators' own. */
export const downPayment = (price: number, share: number): number => roundCents(price * share);

export const loanAmount = (price: number, down: number): number => roundCents(price - down);

/** A year of carrying the home: mortgage payments, property tax, maintenance and insurance. */
export const annualCarryingCost = (input: {
  monthlyPI: number;
  price: number;
  propertyTaxRate: number;
  maintenanceMonthly: number;
  insuranceMonthly: number;
}): number =>
  roundCents(
    12 * input.monthlyPI +
      input.price * input.propertyTaxRate +
      12 * (input.maintenanceMonthly + input.insuranceMonthly),
  );

/** The index: how many percent of a year's carrying cost the median household income covers, as an integer. */
export const idx = (medianIncome: number, carryingCost: number): number =>
  Math.round((medianIncome / carryingCost) * 100);
