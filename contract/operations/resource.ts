/**
 * The standard operations of a catalogue resource: list, detail, create, update, remove and the
 * activate/deactivate command. The builder fills what they all share (method, path, tag, the
 * summary built from the resource's names, the response shape from its entity schema); each
 * declaration states only what is its own: description, permission, query, body and errors. The
 * results are ordinary declarations with their literal types, so handlers stay typed.
 */
import type * as v from 'valibot';
import { pagedSchema } from '../envelope';
import { activationCommandQuerySchema } from '../fields';
import { defineOperation, type HttpMethod, type JsonResponse, type Operation } from './define';

/** A declaration's own part; the summary may be given when the standard one does not fit. */
export type OperationSpec = Omit<Operation, 'method' | 'path' | 'tag' | 'response' | 'summary'> & {
  readonly summary?: string;
};

export interface ResourceNames {
  /** With its article: 'a currency'. */
  readonly one: string;
  /** 'currencies'. */
  readonly many: string;
}

export function resourceOperations<
  const Path extends string,
  const Tag extends string,
  Entity extends v.GenericSchema,
>(path: Path, tag: Tag, entity: Entity, names: ResourceNames) {
  const item = `${path}/{id}` as `${Path}/{id}`;
  const declare = <
    const M extends HttpMethod,
    const P extends string,
    const R extends JsonResponse,
    const T extends OperationSpec,
  >(
    method: M,
    at: P,
    summary: string,
    response: R,
    spec: T,
  ) => defineOperation({ method, path: at, tag, summary, ...spec, response });

  return {
    list: <const T extends OperationSpec>(spec: T) =>
      declare('get', path, `List ${names.many}`, { data: pagedSchema(entity) }, spec),
    detail: <const T extends OperationSpec>(spec: T) =>
      declare('get', item, `Get ${names.one}`, { data: entity }, spec),
    /** Answers 201 with the created entity, or `data` when it answers something else. */
    create: <const T extends OperationSpec, D extends v.GenericSchema = Entity>(spec: T, data?: D) =>
      declare('post', path, `Create ${names.one}`, { status: 201, data: (data ?? entity) as D }, spec),
    update: <const T extends OperationSpec>(spec: T) =>
      declare('put', item, `Update ${names.one}`, { data: entity }, spec),
    /**
     * Create and update together, where they share part of their declaration (one payload schema, one
     * 409 text): `shared` is added to each one's own description and permission.
     */
    writes: <
      const S extends Partial<OperationSpec>,
      const C extends OperationSpec,
      const U extends OperationSpec,
    >(
      shared: S,
      create: C,
      update: U,
    ) => ({
      create: declare(
        'post',
        path,
        `Create ${names.one}`,
        { status: 201, data: entity },
        { ...create, ...shared },
      ),
      update: declare('put', item, `Update ${names.one}`, { data: entity }, { ...update, ...shared }),
    }),
    remove: <const T extends OperationSpec>(spec: T) =>
      declare('delete', item, `Delete ${names.one}`, { data: entity }, spec),
    /** `POST {path}/{id}?command=activate|deactivate`. */
    command: <const T extends OperationSpec>(spec: T) =>
      declare(
        'post',
        item,
        `Activate or deactivate ${names.one}`,
        { data: entity },
        { query: activationCommandQuerySchema, ...spec },
      ),
  };
}
