import { show } from "./context";
import { fill } from "./sentences";

/**
 * The issues worded at run time, by the copy of `unknown` values, from the one table of sentences the
 * transformer writes into the generated checks at build time (the reference interpreter words the
 * rest from the same table).
 */
export const say = {
  notJson: (value: unknown) => fill("notJson", { shown: show(value) }),
  instance: (kind: string) => fill("instance", { kind }),
  depth: (limit: number) => fill("depth", { limit }),
  protoKey: () => fill("protoKey"),
};
