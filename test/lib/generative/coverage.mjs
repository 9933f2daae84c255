// What the generator must produce in a run, so that each class of type is tested (those the
// product has got wrong before among them): features recorded while generating, and shapes found in
// the written sources.

/** Features every default run must hold at least a few times. */
export const FEATURES = [
  "interface",
  "interface-extends",
  "object-literal",
  "optional",
  "modifier | null",
  "modifier | undefined",
  "literal-string",
  "literal-number",
  "literal-mixed",
  "enum-string",
  "enum-number",
  "tuple-optional",
  "tuple-rest",
  "tuple-empty",
  "array",
  "record",
  "index-number",
  "index-template",
  "intersection",
  "generic-G",
  "utility-Partial",
  "utility-Pick",
  "utility-Omit",
  "utility-Required",
  "description",
  "default",
  "deprecated",
  "jsdoc-constraint",
  "constraint-on-closed-set",
  "discriminated-union",
  "root-discriminated",
  "discriminated-prototype-key",
  "unique-objects",
  "root-empty",
  "recursion",
  "refused-function",
  "refused-map",
  "refused-bigint",
  ...["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format"].map((k) => `keyword-${k}`),
  ...["minItems", "maxItems", "uniqueItems"].map((k) => `keyword-${k}`),
];

/** Shapes of source text, by name. */
export const SHAPES = {
  "an array of arrays of a numeric literal union": /\(\((?:-?[\d.]+ \| )+-?[\d.]+\)\[\]\)\[\]/,
  "a generic G<X> instantiated with an object": /T\d+_G<\{/,
  "Partial<I> of an interface with a literal array or null": /^ {2}[^\n]*: \((?:"[^"\n]*" \| )*"[^"\n]*"\)\[\] \| null;[\s\S]*Partial<T\d+_I\d+>/m,
  "an empty tuple under an optional property": /\?: \[\];/,
  "a JSDoc @default beside an exclusive bound": /@exclusive(?:Min|Max)imum (-?[\d.]+)[^\n]*\n?[^\n]*@default \1\b/,
  "a JSDoc constraint on a literal union":
    /@(?:multipleOf|minimum|maximum|maxLength|minLength|pattern) [^\n]*\n(?:\s*\*[^\n]*\n)*?\s*(?:\*\/\n)?\s*[^\n:]+\??: (?:-?[\d.]+|"[^"\n]*") \|/,
};

/** Per feature and shape, how many of `types` have it. */
export function coverageOf(types) {
  const counts = Object.fromEntries([...FEATURES, ...Object.keys(SHAPES)].map((name) => [name, 0]));
  for (const type of types) {
    for (const feature of type.features) if (feature in counts) counts[feature]++;
    for (const [name, shape] of Object.entries(SHAPES)) if (shape.test(type.source)) counts[name]++;
  }
  return counts;
}
