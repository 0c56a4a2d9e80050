// Checker: an id one character away from a live object's names no object (seed 002, Errors: 404; 400 for an id of the wrong form):
// the last owned path id and each owned body id changed, added or cut by one character. @assumption (FD-OBJ-EXACT-ID-FORM): a
// trailing space, a mixed-case id recased. No leading zeros: some ids are integers (reference, Identifiers).
import type { ObjectIdOperation } from '../../contract/object-ids.js';
import type { CallOptions } from '../client.js';
import { planProbes, sentIds, withObjects, type LiveObjects } from './probe.js';
import { caseSwapped } from './value-forms.js';
import { UUID_ID } from '../../contract/pattern-forms.js';

export const NEAR_ID = 'near-id';

/** Below this length a one-character change may name another live object of a short sequence: not varied. */
const NEAR_ID_MIN_LENGTH = 8;

/** The near ids of one id: a character added or the last removed, a trailing space, its case swapped when it holds both cases. */
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

/** The folded forms of an id (FD-OBJ-EXACT-ID-FOLD, @assumption: no folding documented): recased, spaced, a leading zero, a separator. */
export function foldedIds(id: string): { how: string; value: string }[] {
  if (id.length < 2) return [];
  // A UUID's hex digits are one value in either case (RFC 9562 section 4): its case swapped names the same object.
  const oneCase = /[a-zA-Z]/.test(id) && !(/[a-z]/.test(id) && /[A-Z]/.test(id)) && !UUID_ID.test(id);
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

/** The probes over `ops`: the last owned path id and each owned body id replaced by each variant (near ids by default); deletes last. */
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
          // A path id is varied wherever its resource is named; a body id alone, the others kept live.
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
