/** The quotient must be whole, computed as ajv computes it, so both agree on floating point. */
export function isMultiple(value: number, of: number): boolean {
  const quotient = value / of;
  return quotient === parseInt(String(quotient));
}
