import type { ParameterView, TypeUse } from "../types/TypeView";
import type { Property, Shape } from "../model/Shape";
import { Code, report, type Context } from "./Context";
import { readMember } from "./readMember";
import { readObject } from "./readObject";

/**
 * A function type -> the object of its parameters, as Symfony's generateForParameters() does:
 * each parameter a property (`@param` text, default from the initializer). A function whose only
 * parameter is destructured (`({ query, limit = 10 }: SearchInput)`) is described by that object.
 * The function's own summary belongs to the tool, not to this schema.
 */
export function readParameters(ctx: Context, parameters: readonly ParameterView[]): Shape {
  if (parameters.length === 1 && parameters[0].bindings) {
    const only = parameters[0];
    return readObject(ctx, only.use, [], only.bindings);
  }
  const properties: Property[] = [];
  for (const parameter of parameters) {
    if (parameter.rest) {
      report(ctx, Code.RestParameter, [{ prop: parameter.name }], `'...${parameter.name}' collects positional arguments; take an array parameter ('${parameter.name}: T[]') instead.`);
      continue;
    }
    properties.push(readMember(ctx, parameter, []));
  }
  return { kind: "object", properties };
}

export type { TypeUse };
