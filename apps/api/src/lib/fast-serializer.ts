import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type TJsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is TJsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [{type: 'string', …}, {type: 'null'}]` (zod's `.nullable()`) as one `type: [t, 'null']`:
 * fast-json-stringify writes it directly instead of validating each value against both.
 */
const simplify = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isSchema(schema)) return schema;
  const out: TJsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [first, second] = anyOf as unknown[];
    const nullIn = (s: unknown) => isSchema(s) && s.type === 'null' && Object.keys(s).length === 1;
    const value = nullIn(second) ? first : nullIn(first) ? second : undefined;
    if (isSchema(value) && typeof value.type === 'string' && value.type !== 'object') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...value, type: [value.type, 'null'] };
    }
  }
  return out;
};

/**
 * The response serializer of the busiest reads (document lists, dashboard): the route's zod
 * schema as JSON Schema compiled by fast-json-stringify. Like the zod serializer it writes only
 * the schema's fields (nothing else of a row can leak); it does not re-validate values the
 * handler built from typed rows. A schema JSON Schema cannot express keeps the zod serializer.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  try {
    const json = z.toJSONSchema(route.schema as z.ZodType, {
      io: 'output',
      unrepresentable: 'throw',
    });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  }
};
