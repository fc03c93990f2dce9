/** The first key not where `order` puts it, or undefined when every key is in place. */
export const firstMisplacedKey = (keys: readonly string[], order: readonly string[]): string | undefined => {
  const expected = [...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return keys.find((key, index) => key !== expected[index]);
};
