// Covers: putCard (POST /cards): every id the request names that the target resolves, on every cardSource
// and with none (seed 000, Origin: who enrolls the card; no source makes a lookup its own) on each
// enrollment path. (1) An id resolves exactly (seed 000, Errors 400 INVALID_STATE: srcClientId or
// serviceId "does not resolve"; reference A5, a receipt by its id; the catalogue's CE-LOOKUP-EXACT: no id
// is folded): each of the caller's own ids near-written (its case swapped, a space around or inside it,
// a character added or dropped at either end, its last character changed, a separator changed, a leading
// zero added or dropped, emptied) is refused naming the member - 400 INVALID_STATE where the contract
// (the one Ajv instance, the whole body) takes the form, 400 naming the member where its pattern refuses
// it; each path's own body is enrolled after them (a refusal leaves no trace). (2) Every id the caller
// names is its own (CE-PROP-IDS-OWNED; reference A2 and the mock's world: an API key -> its srcClientIds
// -> its serviceIds): every id another client holds, in each member the world gives an owner, is refused
// with that member's documented status under the caller's own other ids, and the caller's own ids are
// enrolled after them (helpers/client/invariants/owned-ids.ts). The members that name an entity are the
// contract's: the 400's table of refusal conditions (`x-codes`, `unresolved`). Each check enrolls a few
// cards of the caller's own ids (bounded; card enrollment has no delete) and runs on a sandbox too.
import {
  ENROLLMENT_PATHS,
  type EnrollmentPath,
  expect,
  lacksPathData,
  refusedNaming,
  rules,
  test,
  textForms,
} from '../../fixtures/card-enrollment.js';
import type { CardTarget } from '../../helpers/target/card-enrollment.js';
import { codedConditionsOf } from '../../helpers/client/invariants/refusal-codes.js';
import { countProperty } from '../../helpers/client/property-counts.js';
import { endForms } from '../../helpers/client/security/value-forms.js';
import { foreignIdCases, type OwnedMember, ownIdRows } from '../../helpers/client/invariants/owned-ids.js';
import { firstOfEach } from '../../helpers/client/invariants/kit.js';
import { named, SOURCES, withSource } from './sources.known.js';

/** The caller's own values of each member the contract names as resolving to an entity (the target's world). */
const OWN_VALUES: Record<string, (card: CardTarget) => string[]> = {
  srcClientId: (card) => card.srcClientIds,
  serviceId: (card) => card.serviceIds,
  'enrolmentReferenceData.enrolmentReferenceId': (card) => card.receipts.map((r) => r.id),
};

/**
 * The near forms of an id, each another id: `every` forms go under every source (the few a lookup most
 * often folds: case, a character added at either end), the others under one source each, rotating, so
 * each source x path cell and each form x path pair is sent at least once (pairwise). `or403` marks a
 * form that may happen to be another client's id (a character changed or added), refused 403 then
 * (reference A2).
 */
function nearForms(id: string): { form: string; how: string; every: boolean; or403: boolean }[] {
  const swapped = [...id].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  const half = Math.floor(id.length / 2);
  const sep = id.search(/[-_]/);
  const out = [
    { form: swapped, how: 'its case swapped', every: true, or403: false },
    { form: `Z${id}`, how: 'a character added at its head', every: true, or403: true },
    ...endForms(id).map((f) => ({ form: f.value, how: f.how, every: f.how.includes('added'), or403: true })),
    { form: id.toUpperCase(), how: 'in capitals', every: false, or403: false },
    { form: ` ${id}`, how: 'a space before it', every: false, or403: false },
    { form: `${id} `, how: 'a space after it', every: false, or403: false },
    { form: `${id.slice(0, half)} ${id.slice(half)}`, how: 'a space inside it', every: false, or403: false },
    { form: id.slice(1), how: 'its first character dropped', every: false, or403: true },
    ...(sep > 0 && sep < id.length - 1 ? [{ form: id.slice(sep + 1), how: 'without its leading part', every: false, or403: true }] : []),
    { form: '', how: 'emptied', every: false, or403: false },
    ...textForms(id).map((form) => ({ form, how: 'a separator, a leading zero or the case changed', every: false, or403: false })),
  ];
  return out.filter((f, i) => f.form !== id && out.findIndex((o) => o.form === f.form) === i);
}

/** A value at a dotted member of a body, as a new body. */
function withMember(body: Record<string, any>, member: string, value: string): Record<string, any> {
  const out = structuredClone(body);
  const steps = member.split('.');
  const parent = steps.slice(0, -1).reduce((acc: any, k) => acc?.[k], out);
  if (parent && typeof parent === 'object') parent[steps.at(-1)!] = value;
  return out;
}

const LOOKUP = 'lookup-exact';
const OWNERSHIP = 'ids-owned';

test(
  "refuses each of the caller's own ids near-written, on every source and path: INVALID_STATE where the contract takes the form, 400 naming the member where it does not @assumption",
  rules(
    ...ENROLLMENT_PATHS.flatMap((p) => [
      `CE-LOOKUP-EXACT@${p}`,
      `CE-STATE-UNKNOWN-CLIENT@${p}`,
      `CE-STATE-UNKNOWN-SERVICE@${p}`,
      `CE-PAT-SRCCLIENTID:refuse@${p}`,
      `CE-PAT-SERVICEID:refuse@${p}`,
    ]),
    'CE-STATE-UNKNOWN-RECEIPT',
    'CE-ERR-FIELD',
  ),
  async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
    const validate = cardRequestContract.requestValidatorOf('putCard')!;
    // The members the contract names as resolving to an entity: its 400's `unresolved` conditions.
    const members = [...new Set(codedConditionsOf(cardRequestContract).flatMap((c) => (c.unresolved ? [c.unresolved] : [])))];
    const foreign = [card.foreignSrcClientId, card.foreignServiceId, card.otherClient?.srcClientId, card.otherClient?.serviceId];
    const wrong: string[] = [];
    const leftOut: string[] = [];
    const cells = new Set<string>();
    // The same form of two own ids (emptied, say) on the same source is one body: its bytes sent once.
    const firstBody = firstOfEach((body: unknown) => JSON.stringify(body));
    let sent = 0;
    for (const [pi, path] of ENROLLMENT_PATHS.entries()) {
      if (lacksPathData(card, path)) {
        leftOut.push(`${path}: the target names no receipt`);
        continue;
      }
      const onPath = await cards.on(path);
      let turn = pi;
      for (const member of members) {
        const own = OWN_VALUES[member]?.(card) ?? [];
        const current = member.split('.').reduce((acc: any, k) => acc?.[k], onPath);
        if (current === undefined || own.length === 0) {
          leftOut.push(`${path}: ${member} ${current === undefined ? 'is not sent on this path' : 'has no own value the suite knows'}`);
          continue;
        }
        for (const [k, id] of own.entries())
          for (const f of nearForms(id).filter((x) => !own.includes(x.form) && !foreign.includes(x.form))) {
            // The source-wide forms of the first own id under every source; every other form under one, rotating.
            const sources = f.every && k === 0 ? SOURCES : [SOURCES[turn++ % SOURCES.length]];
            for (const source of sources) {
              const body = withSource(withMember(onPath, member, f.form), source);
              if (!firstBody(body)) continue;
              const takes = validate(body);
              const res = await cardApi.call('putCard', { body });
              sent++;
              cells.add(`${path}/${named(source)}`);
              const ok = takes
                ? (res.status === 400 && res.body?.status === 'INVALID_STATE' && refusedNaming(res, member)) ||
                  (f.or403 && res.status === 403)
                : refusedNaming(res, member);
              if (!ok)
                wrong.push(
                  `${path} path, ${named(source)}: ${member} '${f.form}' (own '${id}', ${f.how}): ${res.status} ${res.body?.status ?? ''} / documented: ${takes ? '400 INVALID_STATE' : '400'} naming ${member}`,
                );
            }
          }
      }
    }
    // A refusal leaves no trace (reference A5: a known receipt yields its card): each path's own body,
    // the receipt every near form of the receipt id stood beside, is enrolled after them.
    for (const path of ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p))) {
      const res = await cardApi.call('putCard', { body: { ...(await cards.on(path)), srcCorrelationId: crypto.randomUUID() } });
      if (res.status !== 200)
        wrong.push(`${path} path: its own body after the near forms: ${res.status} ${res.body?.status ?? ''} / documented: 200`);
    }
    testInfo.annotations.push({
      type: LOOKUP,
      description: `${sent} near forms over ${cells.size} source x path cells; ${leftOut.join('; ')}`,
    });
    countProperty(testInfo, {
      property: LOOKUP,
      service: 'card-enrollment',
      rule: 'CE-LOOKUP-EXACT',
      applies: ['putCard'],
      checked: sent > 0 ? ['putCard'] : [],
      exceptions: sent > 0 ? [] : [{ operationId: 'putCard', reason: `no own id to near-write: ${leftOut.join('; ')}` }],
    });
    expect(cells.size, 'every source x path cell sent').toBe(
      SOURCES.length * ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p)).length,
    );
    expect(wrong, `an own id near-written is no id of the caller (${sent} sent)`).toEqual([]);
  },
);

/**
 * The refusal the contract documents for another client's id, by the member naming it: a srcClientId
 * registered to another client is 403 naming PERMISSION_DENIED (seed 000, Authentication 403; reference A2;
 * provider Card API 1.0.0, putCard 403 examples: in `reason`, the seed's sample shape in `status`); a
 * program of another client is none of the caller's (seed 000, Errors 400 INVALID_STATE naming serviceId),
 * or the same 403.
 */
const OWNED: Record<string, OwnedMember> = {
  srcClientId: {
    member: 'srcClientId',
    rule: 'CE-AUTH-ORIGIN',
    documented: '403 PERMISSION_DENIED',
    refused: (res) => res.status === 403 && [res.body?.status, res.body?.reason].includes('PERMISSION_DENIED'),
  },
  serviceId: {
    member: 'serviceId',
    rule: 'CE-STATE-FOREIGN-SERVICE',
    documented: '400 INVALID_STATE naming serviceId, or 403',
    refused: (res) => res.status === 403 || (res.status === 400 && res.body?.status === 'INVALID_STATE' && refusedNaming(res, 'serviceId')),
  },
};

test(
  "refuses every id another client holds in every id member, on every source and path, and takes each of the caller's own after them @assumption",
  rules(
    ...ENROLLMENT_PATHS.flatMap((p) => [
      `CE-PROP-IDS-OWNED@${p}`,
      `CE-AUTH-ORIGIN@${p}`,
      `CE-STATE-FOREIGN-SERVICE@${p}`,
      `CE-STATE-OWN-IDS@${p}`,
      `CE-ECHO-SERVICEID@${p}`,
    ]),
  ),
  async ({ cardApi, cards, card, cardRequestContract }, testInfo) => {
    // The members the contract names as resolving to an entity; those the target's world gives an owner.
    const members = [...new Set(codedConditionsOf(cardRequestContract).flatMap((c) => (c.unresolved ? [c.unresolved] : [])))];
    const owned = members.filter((m) => OWNED[m] && card.foreignIds[m]?.length);
    const memberCells = members.map((m) => `putCard ${m}`);
    const memberLeftOut = members
      .filter((m) => !owned.includes(m))
      .map((m) => ({
        operationId: `putCard ${m}`,
        reason: OWNED[m]
          ? `the target names no id of another client for it (CARD_FOREIGN_${m === 'srcClientId' ? 'SRC_CLIENT_ID' : 'SERVICE_ID'} in .env)`
          : 'no client owns it: the target keeps one table of known receipts for every client (reference A5)',
      }));
    const paths = ENROLLMENT_PATHS.filter((p) => !lacksPathData(card, p));
    const pathCells = ENROLLMENT_PATHS.flatMap((p) => SOURCES.map((s) => `putCard (${p}, ${named(s)})`));
    const pathLeftOut = ENROLLMENT_PATHS.filter((p) => lacksPathData(card, p)).flatMap((p) =>
      SOURCES.map((s) => ({ operationId: `putCard (${p}, ${named(s)})`, reason: `${p} path: the target names no receipt` })),
    );
    const own: Record<string, string[]> = Object.fromEntries(owned.map((m) => [m, OWN_VALUES[m](card)]));
    const bodies = Object.fromEntries(await Promise.all(paths.map(async (p) => [p, await cards.on(p)]))) as Record<
      EnrollmentPath,
      Record<string, any>
    >;
    const fresh = (body: Record<string, any>) => ({ ...body, srcCorrelationId: crypto.randomUUID() });
    const wrong: string[] = [];
    const checkedCells = new Set<string>();
    const cases = foreignIdCases(owned, own, card.foreignIds, paths, SOURCES);
    const noForeign = 'the target names no id of another client (CARD_FOREIGN_SRC_CLIENT_ID, CARD_FOREIGN_SERVICE_ID in .env)';
    const count = (checked: Set<string>) =>
      countProperty(testInfo, {
        property: OWNERSHIP,
        service: 'card-enrollment',
        rule: 'CE-PROP-IDS-OWNED',
        applies: ['putCard', ...memberCells, ...pathCells],
        checked: checked.size ? ['putCard', ...checked] : [],
        exceptions: [...(checked.size ? [] : [{ operationId: 'putCard', reason: noForeign }]), ...memberLeftOut, ...pathLeftOut],
      });
    for (const c of cases) {
      const body = withSource(fresh({ ...bodies[c.path], ...c.own, [c.member]: c.id }), c.source);
      const res = await cardApi.call('putCard', { body });
      checkedCells.add(`putCard (${c.path}, ${named(c.source)})`).add(`putCard ${c.member}`);
      if (!OWNED[c.member].refused(res))
        wrong.push(
          `${c.path} path, ${named(c.source)}: ${c.member} '${c.id}' (another client's, #${c.index + 1} of ${card.foreignIds[c.member].length}; own ${JSON.stringify(c.own)}): ${res.status} ${res.body?.status ?? ''} / documented: ${OWNED[c.member].documented} (${OWNED[c.member].rule})`,
        );
    }
    // After every refusal, the caller's own ids on each path, pairwise with the sources: accepted, the
    // serviceId echoed as sent (seed 000, MaskedCard); a refusal that spent the receipt or held an id shows here.
    let accepted = 0;
    for (const path of paths)
      for (const { source, ids } of ownIdRows(owned, own, SOURCES)) {
        const res = await cardApi.call('putCard', { body: withSource(fresh({ ...bodies[path], ...ids }), source) });
        const echoed = (res.body as { maskedCard?: { serviceId?: string } } | undefined)?.maskedCard?.serviceId;
        if (res.status !== 200)
          wrong.push(
            `${path} path, ${named(source)}: own ids ${JSON.stringify(ids)} after the refusals: ${res.status} ${res.body?.status ?? ''} / documented: 200 (CE-STATE-OWN-IDS)`,
          );
        else if (ids.serviceId !== undefined && echoed !== undefined && echoed !== ids.serviceId)
          wrong.push(`${path} path, ${named(source)}: serviceId '${ids.serviceId}' echoed as '${echoed}' (CE-ECHO-SERVICEID)`);
        else accepted++;
      }
    count(checkedCells);
    testInfo.annotations.push({
      type: OWNERSHIP,
      description: `${cases.length} foreign ids sent (${owned.map((m) => `${m}: ${card.foreignIds[m].length}`).join(', ')}) over ${checkedCells.size - owned.length} source x path cells, then ${accepted} own id rows accepted; left out: ${[...memberLeftOut, ...pathLeftOut].map((l) => `${l.operationId}: ${l.reason}`).join('; ') || 'none'}`,
    });
    expect(wrong, "every id the caller names is the caller's: another client's refused, its own taken after").toEqual([]);
  },
);
