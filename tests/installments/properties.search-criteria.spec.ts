// Covers: every code or identifier criterion compared whole (IN-PROP-SEARCH-CRITERIA; helpers/client/invariants/filters-body.ts;
// seed 001, Endpoints; provider 2.0.0 AcquirerIca, Mid, Maid, CountryCode, EffectuationStatus).
import { exampleParticipation, expect, loadContract, rules, test, underRule } from '../../fixtures/installments.js';
import { BODY_CRITERIA, bodyCriteria, exactInputs, listedUnder, rowsOf, strayRows } from '../../helpers/client/invariants/filters-body.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { countRule } from '../shared/property.js';

const contract = await loadContract('installments');
const CRITERIA = bodyCriteria(contract);
/** The rule of each criterion's filtering (schemas/installments/rules.yaml): what it finds, and only that. */
const FILTER_OF: Record<string, string> = {
  countryCode: 'IN-FILTER-COUNTRY',
  acquirerICA: 'IN-FILTER-ICA',
  maid: 'IN-FILTER-MAID',
  merchantParticipationStatus: 'IN-FILTER-STATUS',
  mid: 'IN-FILTER-MID',
  status: 'IN-FILTER-MID-STATUS',
};

test(
  "every code or identifier criterion of every search lists only objects of the value sent, never of its start, middle, end, a longer value, its other case or another owner's value @provider",
  rules(
    'IN-PROP-SEARCH-CRITERIA',
    'IN-FILTER-COUNTRY:refuse',
    'IN-FILTER-ICA:refuse',
    'IN-FILTER-MID:refuse',
    'IN-FILTER-MID-STATUS:refuse',
  ),
  async ({ instApi, inst, instReq }) => {
    test.skip(inst.knownAcquirerIcas.length === 0, 'needs an acquirer ICA the target knows (INSTALLMENTS_KNOWN_ACQUIRER_ICA)');
    const word = `Crit${Date.now().toString(36)}`;
    // One merchant per known acquirer, and one of another country under the first: in a search combining a country and an
    // acquirer, each criterion has a merchant of the check matching it and not the other.
    const merchants = [
      ...inst.knownAcquirerIcas.map((ica, i) => exampleParticipation(ica, { merchantLegalName: `${word} Own${i}` })),
      exampleParticipation(inst.knownAcquirerIcas[0]!, { merchantLegalName: `${word} Abroad`, countryCode: 'CAN' }),
    ];
    await instReq.awaitEffectuation(instApi, await instReq.submitParticipations(instApi, merchants));
    const applies = [...new Set(CRITERIA.map((c) => c.operation.operationId))];
    const checked = new Set<string>();
    const exceptions: PropertyException[] = [];
    const problems: string[] = [];
    /** The problems of another owner's value and of searches combining criteria, by the rule of the criterion a row does not match. */
    const combined = new Map<string, string[]>();
    // Another owner's value listing objects of another value: the criterion's own filter rule (what it finds, and only that); a
    // part of a value, it lengthened or in another case listing it: the comparison not whole, this property's.
    const note = (member: string, how: string, line: string) => {
      const rule = how === "another owner's value" ? FILTER_OF[member] : undefined;
      if (rule) combined.set(rule, [...(combined.get(rule) ?? []), line]);
      else problems.push(line);
    };
    for (const op of applies) {
      const opCriteria = CRITERIA.filter((c) => c.operation.operationId === op);
      const required = new Set(
        (contract.resolveSchema(opCriteria[0].operation.requestBody!.schema) as { required?: string[] }).required ?? [],
      );
      const valid = contract.requestValidator(op as 'postMerchantSearches')!;
      /** The body naming merchant `m` by the members the search requires, with `member` set to `value`. */
      const bodyFor = (m: Record<string, any>, member: string, value: string) => ({
        ...Object.fromEntries([...required].map((k) => [k, m[k]])),
        [member]: value,
      });
      // Each distinct search is sent once.
      const answers = new Map<string, Promise<unknown>>();
      const search = (body: Record<string, unknown>) => {
        const key = JSON.stringify(body);
        if (!answers.has(key))
          answers.set(
            key,
            instApi.call(op as 'postMerchantSearches', { body }).then((res) => (res.status === 200 ? res.body : undefined)),
          );
        return answers.get(key)!;
      };
      /** Each exact criterion's values held by the check's merchants (its rows' values, by merchant). */
      const heldOf = new Map<string, { answerMember: string; held: { m: Record<string, any>; value: string }[] }>();
      for (const c of opCriteria) {
        if (c.rule !== 'exact') {
          exceptions.push({
            operationId: op,
            reason: `${c.member}: free text no source gives a matching rule (counted by IN-FILTER-RULE)`,
          });
          continue;
        }
        // The values the search lists for each merchant of the check: the merchant named by its required members, or by its ICA.
        const held: { m: Record<string, any>; value: string }[] = [];
        let echoed = false;
        for (const m of merchants) {
          const base = required.size ? bodyFor(m, 'acquirerICA', m.acquirerICA) : { acquirerICA: m.acquirerICA };
          const answer = await search(base);
          if (required.has(c.member) && typeof answer === 'object' && answer !== null && !Array.isArray(answer) && c.member in answer)
            echoed = listedUnder(answer).length > 0;
          // The value as answered: under the criterion's name, or the answered member of its schema (merchantParticipationStatus
          // is a merchant's status, provider 2.0.0 MerchantSearch).
          for (const row of rowsOf(answer, c.answerMember) ?? [])
            if (
              typeof row[c.answerMember] === 'string' &&
              (row.merchantLegalName === undefined || row.merchantLegalName === m.merchantLegalName)
            )
              held.push({ m, value: String(row[c.answerMember]) });
        }
        const values = [...new Set([...held.map((h) => h.value), ...(c.enumValues ?? [])])];
        if (held.length === 0) {
          exceptions.push({ operationId: op, reason: `${c.member}: its answer shows no member of that name for the check's merchants` });
          continue;
        }
        checked.add(op);
        if (!required.has(c.member)) heldOf.set(c.member, { answerMember: c.answerMember, held });
        // A code of a set read without case (CountryCode: an ISO 3166 alpha-3 code of either case, provider 2.0.0): its other case is the same code.
        const props =
          (contract.resolveSchema(c.operation.requestBody!.schema) as { properties?: Record<string, unknown> }).properties ?? {};
        const caseless = (contract.resolveSchema(props[c.member] as never) as { format?: string }).format === 'iso-3166-alpha-3';
        for (const { m, value } of held.filter((h, i, all) => all.findIndex((x) => x.value === h.value) === i)) {
          const accepts = (v: string) => valid(bodyFor(m, c.member, v)) === true;
          const inputs = [
            { how: 'the value as held', value },
            ...exactInputs(value, accepts).filter((x) => !(caseless && x.how === 'its case swapped')),
            ...values.filter((v) => v !== value && accepts(v)).map((v) => ({ how: "another owner's value", value: v })),
          ];
          for (const input of inputs) {
            const answer = await search(bodyFor(m, c.member, input.value));
            // A criterion the answer echoes at its top: a value the named merchant does not hold lists nothing of it.
            if (echoed && input.value !== value) {
              const listed = listedUnder(answer);
              if (listed.length)
                note(
                  c.member,
                  input.how,
                  `${op} ${c.member} ${JSON.stringify(input.value)} (${input.how} of ${JSON.stringify(value)}): lists ${listed.length} item(s) of the merchant holding ${JSON.stringify(value)}`,
                );
              continue;
            }
            const rows = rowsOf(answer, c.answerMember) ?? [];
            const stray = strayRows(rows, c.answerMember, input.value);
            if (stray.length)
              note(
                c.member,
                input.how,
                `${op} ${c.member} ${JSON.stringify(input.value)} (${input.how} of ${JSON.stringify(value)}): lists ${stray.slice(0, 3).join(', ')}`,
              );
          }
        }
      }
      // Criteria given together: each finds only its matches (seed 001 Endpoints: merchants searched by country "of that country
      // only", by acquirer ICA "of that acquirer only"; provider 2.0.0 MerchantSearchParameters: each criterion narrows the
      // search), so a search giving several lists only rows matching every one. Every pair of the criteria the body takes
      // together, each with a merchant's held values; each row judged against every criterion given, a breach filed under
      // the filter rule of the criterion the row does not match.
      const members = [...heldOf.keys()];
      for (const [i, a] of members.entries())
        for (const b of members.slice(i + 1))
          for (const m of merchants) {
            const given = [a, b].map((member) => ({
              member,
              answerMember: heldOf.get(member)!.answerMember,
              value: heldOf.get(member)!.held.find((h) => h.m === m)?.value,
            }));
            if (given.some((g) => g.value === undefined)) continue;
            const body = { ...bodyFor(m, a, given[0]!.value!), [b]: given[1]!.value! };
            if (!valid(body)) continue;
            const answer = await search(body);
            const sent = given.map((g) => `${g.member} ${JSON.stringify(g.value)}`).join(' with ');
            for (const g of given) {
              const stray = strayRows(rowsOf(answer, g.answerMember) ?? [], g.answerMember, g.value!);
              const rule = FILTER_OF[g.member] ?? 'IN-PROP-SEARCH-CRITERIA';
              if (stray.length)
                combined.set(rule, [
                  ...(combined.get(rule) ?? []),
                  `${op} ${sent}: received ${stray.slice(0, 3).join(', ')}, documented only ${g.answerMember} ${JSON.stringify(g.value)}`,
                ]);
            }
          }
    }
    countRule(BODY_CRITERIA, 'IN-PROP-SEARCH-CRITERIA', {
      applies,
      checked: [...checked],
      exceptions: exceptions.filter((e) => !checked.has(e.operationId)),
    });
    expect(problems, 'an exact criterion lists only objects showing the value sent').toEqual([]);
    for (const [rule, found] of combined)
      underRule(test.info(), rule, () => expect(found, 'each criterion, alone or given with another, lists only its matches').toEqual([]));
  },
);
