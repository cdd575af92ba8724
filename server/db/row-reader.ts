/**
 * Row mapping compiled once per prepared statement (docs/decisions/015).
 *
 * Drizzle maps each result row with `mapResultRow`, which for every cell asks what kind of field it
 * is (`is()` walks the prototype chain), iterates the field's path, and tracks which left-joined
 * objects to null. For the merchants list (10 rows of 41 columns) that was most of what the API
 * spent over the driver, in a CPU profile. Everything it decides per cell depends only on the
 * statement's columns, so `readRowsOnce` decides it once, when the statement is prepared, and
 * installs a mapper that only walks the row. Same objects, same values, same left-join rule: the
 * tests hold it to drizzle's own `mapResultRow` on real rows of every statement that uses it.
 *
 * It plugs into drizzle's `customResultMapper` hook of the prepared query (the one its relational
 * queries use); `row-reader.test.ts` fails if a drizzle upgrade moves or renames it.
 */
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** drizzle's base column decoder, which returns the driver's value as it is. */
const IDENTITY = (Column.prototype as unknown as Decoder).mapFromDriverValue;

/** Drizzle's `SelectedFieldsOrdered`: each selected field and where it goes in the row object. */
export type OrderedField = { path: string[]; field: unknown };

/** Drizzle keeps a field's decoder on the SQL (typed @internal there). */
type Decoded = { decoder: Decoder };

/** What `readRowsOnce` needs of a drizzle prepared query (TypeScript-private in its typings). */
interface MappablePrepared {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Cell {
  /** Keys of the objects above the value, outermost first. */
  parents: readonly string[];
  key: string;
  decoder: Decoder;
}

/** A left-joined object drizzle turns into null when its first column is null. */
interface NullableObject {
  name: string;
  firstColumn: number;
}

export type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

/** The same choice as drizzle's mapResultRow. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/** The mapper for rows of `fields`, with drizzle's rules decided once instead of per cell. */
export function compileRowMapper(
  fields: readonly OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): RowMapper {
  const cells: Cell[] = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1] as string,
    decoder: decoderOf(field),
  }));

  // mapResultRow's rule, per object of a joined table: the first of its columns (in select order)
  // decides; null there nulls the object, unless the object mixes tables or its table is an inner
  // (not-nullable) join.
  const nullable: NullableObject[] = [];
  if (joinsNotNullableMap) {
    const objects = new Map<string, { firstColumn: number; table: string; mixed: boolean }>();
    fields.forEach(({ path, field }, index) => {
      if (!is(field, Column) || path.length !== 2) return;
      const name = path[0] as string;
      const table = getTableName(field.table);
      const seen = objects.get(name);
      if (!seen) objects.set(name, { firstColumn: index, table, mixed: false });
      else if (seen.table !== table) seen.mixed = true;
    });
    for (const [name, object] of objects) {
      if (!object.mixed && !joinsNotNullableMap[object.table]) {
        nullable.push({ name, firstColumn: object.firstColumn });
      }
    }
  }

  return generateMapper(cells, nullable);
}

/** An object literal's tree: each key in the order its first column comes (as the loop created them). */
type Shape = Map<string, number | Shape>;

/**
 * The mapper as code generated for these columns (decision 060): the same objects, keys in the
 * same order, the same null rule, but a plain function per statement that reads each cell into a
 * local and builds each row as one object literal. The loop it replaces walked every cell's parents,
 * tested `in` and called each decoder from one shared call site (its decoders many classes: a
 * megamorphic call, per cell); here each decoder is called from its own line, and a column whose
 * decoder is drizzle's identity (text, uuid, varchar, ...) is not called at all. Built from the
 * select's own field names (code, never request data), each quoted with JSON.stringify.
 */
function generateMapper(cells: readonly Cell[], nullable: readonly NullableObject[]): RowMapper {
  const shape: Shape = new Map();
  cells.forEach((cell, index) => {
    let node = shape;
    for (const parent of cell.parents) {
      let child = node.get(parent);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(parent, child);
      }
      node = child;
    }
    node.set(cell.key, index);
  });
  const literal = (node: Shape): string =>
    `{${[...node]
      .map(
        ([key, value]) =>
          `${JSON.stringify(key)}: ${typeof value === 'number' ? `v${value}` : literal(value)}`,
      )
      .join(', ')}}`;
  const reads = cells.map((cell, index) =>
    cell.decoder.mapFromDriverValue === IDENTITY
      ? `const v${index} = row[${index}];`
      : `let v${index} = row[${index}]; if (v${index} !== null) v${index} = d[${index}].mapFromDriverValue(v${index});`,
  );
  const nulls = nullable.map(
    (object) => `if (v${object.firstColumn} === null) o[${JSON.stringify(object.name)}] = null;`,
  );
  const body = `
    const out = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      ${reads.join('\n      ')}
      const o = ${literal(shape)};
      ${nulls.join('\n      ')}
      out[r] = o;
    }
    return out;`;
  const build = new Function('d', `return function mapRows(rows) {${body}\n};`) as (
    decoders: readonly Decoder[],
  ) => RowMapper;
  return build(cells.map((cell) => cell.decoder));
}

/**
 * Installs a compiled row mapper on a freshly prepared drizzle select and returns it. A statement
 * without selected fields (drizzle returns the driver's result as is) is returned unchanged.
 */
export function readRowsOnce<Prepared extends object>(prepared: Prepared): Prepared {
  const mappable = prepared as MappablePrepared;
  if (!('fields' in mappable) || !('customResultMapper' in mappable)) {
    throw new Error('drizzle prepared query without fields/customResultMapper: see server/db/row-reader.ts');
  }
  if (!mappable.fields || mappable.customResultMapper) return prepared;
  mappable.customResultMapper = compileRowMapper(mappable.fields, mappable.joinsNotNullableMap);
  return prepared;
}
