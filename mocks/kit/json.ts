// Answers whose records never change while a mock runs (the institution catalogue): each record is serialized once and a list is
// written around their text, exactly what JSON.stringify of the whole gives, sent as application/json; charset=utf-8.
import type { FastifyReply } from 'fastify';

const texts = new WeakMap<object, string>();

/** Marks a record as never changed again and serializes it once; answers the record itself. */
export function frozenRecord<T extends object>(record: T): T {
  texts.set(record, JSON.stringify(record));
  return record;
}

/** The JSON text of a record: its text of frozenRecord, or serialized now (a record built per request). */
export const recordJson = (record: object): string => texts.get(record) ?? JSON.stringify(record);

/** Sends `{...head, [name]: records}` as JSON (`head`'s members first), each record's text from frozenRecord when it has one. */
export function sendList(reply: FastifyReply, head: Record<string, unknown>, name: string, records: object[]): FastifyReply {
  const members = JSON.stringify(head).slice(1, -1);
  const list = `${JSON.stringify(name)}:[${records.map(recordJson).join(',')}]`;
  return reply.type('application/json; charset=utf-8').send(`{${members === '' ? '' : `${members},`}${list}}`);
}
