/** The hint under a text that is too long, in plain English: "Prompt is 1 character over the limit of 4,096 characters." */
const count = (n: number): string => n.toLocaleString('en-US');

export function overLimitHint(label: string, length: number, max: number): string {
  const over = length - max;
  return `${label} is ${count(over)} character${over === 1 ? '' : 's'} over the limit of ${count(max)} characters.`;
}
