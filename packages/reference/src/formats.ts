import { FORMATS } from "../../runtime/src/check/keywords";

/** Each format's check by the name JSON Schema gives it (the keyword table's), for the format test. */
export const FORMAT_CHECKS: Readonly<Record<string, (value: string) => boolean>> = Object.fromEntries(
  Object.entries(FORMATS).map(([name, format]) => [name, format.check]),
);
