// Checker: an id one character away from a live object's names no object. Every operation that
// takes the id of an object a partner owns in its path is called by the owner with the last such id
// (the object the operation is about) changed
// by one character, a character added at its end or its last one removed, and must refuse as the
// contract documents for an id that names nothing (seed 002, Errors: 404 resource not found; 400 for
// an id of the wrong form). A target that looks ids up by prefix, or reads them leniently as numbers
// (`1005x` as 1005), finds the object and fails. The same holds for each owned id a request BODY
// carries (a report's accountId, a Connect request's customerId, an access key's products.accountId):
// each is varied alone, the others left live. Two more variants, @assumption (FD-OBJ-EXACT-ID-FORM):
// a trailing space (an issued id never holds white space, so a target that trims finds what the
// caller did not name), and, for an id whose issued alphabet holds both upper and lower case letters
// (an access key's receipt id), its case swapped (such ids are unique only when compared with case).
// Leading zeros are not varied: some ids are integers (reference, Identifiers), where 01005 is 1005.
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { planProbes, sentIds, withObjects, type LiveObjects } from './probe.js';
import { caseSwapped } from './value-forms.js';

export const NEAR_ID = 'near-id';

/** Below this length a one-character change may name another live object of a short sequence: not varied. */
const NEAR_ID_MIN_LENGTH = 8;

/**
 * The near ids of one id: one character added (a digit for an all-digit id, a letter otherwise; and a
 * letter), the last removed, a trailing space; its case swapped when it holds both cases.
 */
function nearIds(id: string): { how: string; value: string }[] {
  if (id.length < NEAR_ID_MIN_LENGTH) return [];
  const digits = /^[0-9]+$/.test(id);
  const bothCases = /[a-z]/.test(id) && /[A-Z]/.test(id);
  return [
    { how: 'a character added', value: `${id}${digits ? '7' : 'q'}` },
    ...(digits ? [{ how: 'a letter added', value: `${id}x` }] : []),
    { how: 'its last character removed', value: id.slice(0, -1) },
    { how: 'a trailing space', value: `${id} ` },
    ...(bothCases ? [{ how: 'its case swapped', value: caseSwapped(id) }] : []),
  ];
}

/**
 * The folded forms of one id (FD-OBJ-EXACT-ID-FOLD, @assumption): what a target that compares ids
 * loosely (folding case, dropping or ignoring white space, treating separators as one) would take
 * for the id. Its case swapped when it is issued in one case and holds a letter (an id holding both
 * cases is swapped by nearIds already), a space inside it or before it, a leading zero (an id holding
 * a letter: a hex or text id, never read as a number), and its first separator changed (`-` and
 * `_`). None of them names an object: the contract documents no folding of any id.
 */
export function foldedIds(id: string): { how: string; value: string }[] {
  if (id.length < 2) return [];
  const oneCase = /[a-zA-Z]/.test(id) && !(/[a-z]/.test(id) && /[A-Z]/.test(id));
  const middle = Math.floor(id.length / 2);
  const separator = /[-_]/.exec(id);
  return [
    ...(oneCase ? [{ how: 'its case swapped', value: caseSwapped(id) }] : []),
    { how: 'a space inside it', value: `${id.slice(0, middle)} ${id.slice(middle)}` },
    { how: 'a leading space', value: ` ${id}` },
    // Not for an all-digit id: some ids are integers (reference, Identifiers), where 01005 is 1005.
    ...(/[a-zA-Z]/.test(id) ? [{ how: 'a leading zero', value: `0${id}` }] : []),
    ...(separator
      ? [
          {
            how: 'a separator changed',
            value: `${id.slice(0, separator.index)}${separator[0] === '-' ? '_' : '-'}${id.slice(separator.index + 1)}`,
          },
        ]
      : []),
  ];
}

/**
 * The probes over `ops`: each operation's sample with the owner's live objects, its last owned path
 * id (the object the operation is about: a parent's ids are varied on the parent's own operations)
 * and each owned body id replaced by each of its variants, the near ids by default; deletes last.
 */
export function nearIdProbes(
  ops: readonly ObjectIdOperation[],
  sample: (o: ObjectIdOperation) => CallOptions,
  objects: LiveObjects,
  /** Body ids, by resource, that the sources let name no object (the request then goes on): not varied, with the reason. */
  unresolvedInBody: Record<string, string> = {},
  /** The variants of each id: the near ids by default, or the folded ones (foldedIds). */
  variants: (id: string) => { how: string; value: string }[] = nearIds,
) {
  return planProbes(
    ops,
    (o) => {
      // The statuses an operation documents for an id that names nothing: 404, and 400 for an id of the wrong form.
      const documented = [404, 400].filter((s) => o.operation.responses[String(s)] !== undefined);
      const owned = sentIds(sample(o), o.ids).filter((id) => id.owner !== 'public' && id.resource !== 'partner');
      const inPath = owned.filter((id) => id.in === 'path');
      if (!documented.length) return ['documents neither 404 nor 400'];
      if (!owned.length) return ['names no owned object in its path or body'];
      if (owned.some((id) => objects[id.resource] === undefined)) return ['no live object of every id'];
      const inBody = owned.filter((id) => id.in === 'body');
      const varied = [...inPath.slice(-1), ...inBody.filter((i) => unresolvedInBody[i.resource] === undefined)];
      return [
        ...inBody
          .filter((i) => unresolvedInBody[i.resource] !== undefined)
          .map((id) => `its body's ${id.at}: ${unresolvedInBody[id.resource]}`),
        ...varied.flatMap((id) => {
          const near = variants(objects[id.resource]);
          const short =
            !near.length && variants === nearIds ? [`its ${id.resource} id is shorter than ${NEAR_ID_MIN_LENGTH} characters`] : [];
          // A path id is varied wherever its resource is named; a body id alone, every other member
          // naming the same resource keeping the live object.
          return [
            ...short,
            ...near.map(({ how, value }) => ({
              operation: o.operation,
              call:
                id.in === 'path'
                  ? withObjects(sample(o), o.ids, { ...objects, [id.resource]: value })
                  : withObjects(withObjects(sample(o), o.ids, objects), [id], { [id.resource]: value }),
              object: `${id.resource} ${objects[id.resource]}${id.in === 'path' ? '' : ` in the body's ${id.at}`} with ${how} (${JSON.stringify(value)})`,
              documented,
            })),
          ];
        }),
      ];
    },
    true,
  );
}
