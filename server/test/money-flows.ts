/**
 * Helpers of the refund, chargeback and live-event tests (issue 22): an answer's data checked
 * against its status and schema, and a payment to work on.
 */
import type * as v from 'valibot';
import { expect } from 'vitest';
import { readEnvelope } from './api';

/** The envelope's data, after checking the status and the schema (readEnvelope's checks too). */
export async function dataOf<S extends v.GenericSchema>(
  response: Response,
  status: number,
  schema: S,
): Promise<v.InferOutput<S>> {
  const copy = response.clone();
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${await copy.text()}`);
  const envelope = await readEnvelope(response, schema);
  expect(envelope.success).toBe(true);
  return envelope.data as v.InferOutput<S>;
}
