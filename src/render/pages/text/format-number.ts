const cadWhole = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0 });
const cadCents = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat("en-CA", { maximumFractionDigits: 6 });
const percentNumber = new Intl.NumberFormat("en-CA", { maximumFractionDigits: 4 });

/** Money in CAD as people in Canada write it: "$1,500,000", and cents only when there are some ("$0.25"). */
export const formatCad = (amount: number): string => (Number.isInteger(amount) ? cadWhole : cadCents).format(amount);

/** A fraction as a percentage: 0.023 is "2.3%", 0.0025 is "0.25%". Rounded to 4 decimals so 2/3 reads 66.6667%. */
export const formatPercent = (fraction: number): string => `${percentNumber.format(Number((fraction * 100).toFixed(6)))}%`;

/** A count or measure with thousands separators ("10,000"). */
export const formatNumber = (value: number): string => plain.format(value);
