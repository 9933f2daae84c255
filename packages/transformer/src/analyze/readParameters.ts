import type { ParameterView, TypeUse } from "../types/TypeView";
import type { Property, Shape } from "../model/Shape";
import { Code, report, type Context } from "./Context";
import { readMember } from "./readMember";
import { readObject } from "./readObject";

/**
 * A function type -> the object of its parameters, as Symfony's generateForParameters() does:
 * each parameter a property (`@param` text, default from the initializer). A function whose only
 * parameter is an object (`single`: destructured, `({ query, limit = 10 }: SearchInput)`, or not,
 * `(input: SearchInput)`) is described by that object. The function's own summary belongs to the
 * tool, not to this schema.
 */
export function readParameters(ctx: Context, parameters: readonly ParameterView[], single: boolean): Shape {
  if (single) {
    const only = parameters[0];
    return only.bindings ? readObject(ctx, only.use, [], only.bindings) : ctx.read(ctx, only.use, []);
  }
  const properties: Property[] = [];
  for (const parameter of parameters) {
    if (parameter.rest) {
      report(
        ctx,
        Code.RestParameter,
        [{ prop: parameter.name }],
        `'...${parameter.name}' collects positional arguments; take an array parameter ('${parameter.name}: T[]') instead.`,
      );
      continue;
    }
    properties.push(readMember(ctx, parameter, []));
  }
  return { kind: "object", properties };
}

export type { TypeUse };
