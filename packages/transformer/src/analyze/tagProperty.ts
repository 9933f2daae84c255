/**
 * The property a runtime type tag (`string & Pattern<"…">`) carries its keyword and value under:
 * the tag's declaration, never data a model sends.
 */
export const TAG_PROPERTY = "~schemaof";
