/** Rounds to cents: every money field of the index is published in whole cents. */
export const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

export const downPayment = (price: number, share: number): number => roundCents(price * share);

export const loanAmount = (price: number, down: number): number => roundCents(price - down);

/**
 * Monthly principal and interest of a Canadian fixed-rate mortgage. The Interest Act makes the quoted rate
 * compound semi-annually, so the monthly rate is (1 + r/2)^(1/6) − 1. $800,000 at 5% over 25 years: $4,652.84.
 */
export const monthlyPI = (principal: number, annualRate: number, amortizationYears: number, compoundingPerYear = 2): number => {
  const months = amortizationYears * 12;
  if (annualRate === 0) return roundCents(principal / months);
  const monthlyRate = (1 + annualRate / compoundingPerYear) ** (compoundingPerYear / 12) - 1;
  return roundCents((principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months));
};

/** A year of carrying the home: mortgage payments, property tax, maintenance and insurance. */
export const annualCarryingCost = (input: {
  monthlyPI: number;
  price: number;
  propertyTaxRate: number;
  maintenanceMonthly: number;
  insuranceMonthly: number;
}): number => roundCents(12 * input.monthlyPI + input.price * input.propertyTaxRate + 12 * (input.maintenanceMonthly + input.insuranceMonthly));

/** The index: how many percent of a year's carrying cost the median household income covers, as an integer. */
export const idx = (medianIncome: number, carryingCost: number): number => Math.round((medianIncome / carryingCost) * 100);
