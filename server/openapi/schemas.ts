/**
 * valibot contract schemas -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Entities are
 * registered once as `components.schemas` and every other conversion refers to them with `$ref`,
 * so a response like "a page of merchants" is derived from `pagedSchema(merchantSchema)` and points
 * at `#/components/schemas/Merchant` instead of repeating it.
 */
import {
  type ConversionConfig,
  type JsonSchema,
  toJsonSchema,
  toJsonSchemaDefs,
} from '@valibot/to-json-schema';
import type * as v from 'valibot';

export type Schema = JsonSchema;
type AnySchema = v.GenericSchema;

export const COMPONENT_REF_PREFIX = '#/components/schemas/';

export function componentRef(name: string): Schema {
  return { $ref: `${COMPONENT_REF_PREFIX}${name}` };
}

/**
 * Payload fields built with `v.custom` (fields that may be left out, digit strings that also accept
 * JSON numbers) have no JSON Schema equivalent and convert to `{}`. These hints say what a client
 * may send instead; they apply only where the conversion gave nothing, so a field that becomes
 * convertible stops using its hint. `optional` marks fields a client may leave out.
 */
/** Digits, as a string or a number. */
const digits = (description: string): Schema => ({
  type: ['string', 'integer'],
  pattern: '^\\d+$',
  description,
});

const INPUT_HINTS: Readonly<Record<string, { schema: Schema; optional?: boolean }>> = {
  account_number: { schema: digits('Digits; sent as a string to keep leading zeros.') },
  min_amount: { schema: digits('A positive whole number.') },
  max_amount: { schema: digits('A positive whole number above min_amount.') },
  payment_method_id: {
    schema: { type: ['string', 'null'], format: 'uuid', description: 'Empty or null means none.' },
    optional: true,
  },
  charge_id: {
    schema: { type: ['string', 'null'], format: 'uuid', description: 'Empty or null means none.' },
    optional: true,
  },
  charge_type: { schema: { const: 'GATEWAY_CHARGE', description: 'May be left out.' }, optional: true },
  charge_ranges: {
    schema: {
      type: 'array',
      items: componentRef('ChargeRangeInput'),
      description: 'Only read when is_range is true.',
    },
    optional: true,
  },
  fee_on_date: {
    schema: {
      type: ['string', 'null'],
      format: 'date',
      description: 'YYYY-MM-DD; absent, null or empty: today (UTC).',
    },
    optional: true,
  },
  fee_interval: {
    schema: {
      type: ['integer', 'string', 'null'],
      description: 'A positive whole number; empty or null: none.',
    },
    optional: true,
  },
};

function isEmptySchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0;
}

/** Fills `{}` properties of converted input objects (recursively) from INPUT_HINTS. */
function applyInputHints(schema: Schema): Schema {
  if (
    schema.type === 'array' &&
    schema.items &&
    typeof schema.items === 'object' &&
    !Array.isArray(schema.items)
  ) {
    return { ...schema, items: applyInputHints(schema.items) };
  }
  if (!schema.properties) return schema;
  const properties: Record<string, Schema> = {};
  let required = [...(schema.required ?? [])];
  for (const [key, value] of Object.entries(schema.properties)) {
    const property = typeof value === 'boolean' ? {} : value;
    const hint = INPUT_HINTS[key];
    if (hint && isEmptySchema(property)) {
      properties[key] = hint.schema;
      if (hint.optional) required = required.filter((name) => name !== key);
    } else {
      properties[key] = applyInputHints(property);
    }
  }
  return { ...schema, properties, required };
}

/** Removes what toJsonSchema adds for a standalone document; inside OpenAPI these are implied. */
function embedded(schema: Schema): Schema {
  const { $schema: _dialect, $defs: _definitions, ...rest } = schema;
  return rest;
}

export interface SchemaConverter {
  /** A response (output) schema, with registered components referenced. */
  output(schema: AnySchema): Schema;
  /** A request (input) schema: what a client sends, before the contract's transforms. */
  input(schema: AnySchema): Schema;
  /** `components.schemas`, converted once. */
  components(): Record<string, Schema>;
}

/**
 * `outputs` are entities (answers); `inputs` are payloads, described as the client sends them.
 * Checks JSON Schema cannot express (refinements, transforms) are skipped (`errorMode: 'ignore'`).
 */
export function createSchemaConverter(
  outputs: Readonly<Record<string, AnySchema>>,
  inputs: Readonly<Record<string, AnySchema>>,
): SchemaConverter {
  const base: ConversionConfig = {
    target: 'draft-2020-12',
    errorMode: 'ignore',
    overrideRef: ({ referenceId }) => `${COMPONENT_REF_PREFIX}${referenceId}`,
  };
  const outputConfig: ConversionConfig = { ...base, typeMode: 'output', definitions: { ...outputs } };
  const inputConfig: ConversionConfig = { ...base, typeMode: 'input', definitions: { ...inputs } };
  return {
    output: (schema) => embedded(toJsonSchema(schema, outputConfig)),
    input: (schema) => applyInputHints(embedded(toJsonSchema(schema, inputConfig))),
    components() {
      const converted: Record<string, Schema> = {
        ...toJsonSchemaDefs(outputs, { ...base, typeMode: 'output' }),
      };
      for (const [name, schema] of Object.entries(toJsonSchemaDefs(inputs, { ...base, typeMode: 'input' }))) {
        converted[name] = applyInputHints(schema);
      }
      return converted;
    },
  };
}
