// Covers: the rule catalogues (schemas/<service>/rules.yaml; docs/conventions.md, Rules and their catalogue). Every rule
// has a check citing it; a bounded rule (limit, range, counter) is checked on its accepting and its
// refusing side; a rule that applies to several request paths is checked on each; every cited id
// exists; every operation a rule names exists in the contract. The suite is listed, not run.
import fs from 'node:fs';
import { expect, suiteListing, test } from '../../fixtures/self.js';
import { listedChecks } from '../../helpers/verdict/listing.js';
import { catalogueGaps, loadRules, parseCitation, ruleStating, rulesFile, type Citation } from '../../helpers/contract/rules.js';
import { SERVICES } from '../../helpers/contract/services.js';
import { componentAt } from '../../helpers/contract/checks.js';
import { loadContract } from '../../helpers/contract/contract.js';

/** The rule citations of every check of a project, read from the run's one listing of the suite (nothing runs). */
const citationsOf = async (project: string): Promise<Citation[]> =>
  listedChecks(await suiteListing())
    .filter((c) => c.project === project)
    .flatMap((c) => c.annotations.filter((a) => a.type === 'rule' && a.description).map((a) => parseCitation(a.description!)));

for (const service of SERVICES.map((s) => s.name)) {
  test.describe(`${service} rule catalogue`, () => {
    test.skip(!fs.existsSync(rulesFile(service)), `${service} has no rule catalogue yet (schemas/${service}/rules.yaml)`);

    test('is well formed and names only operations of the contract', async ({ contracts }) => {
      const catalogue = loadRules(service);
      const contract = await contracts(service);
      const unknown = catalogue.rules.flatMap((r) =>
        r.operations.filter((op) => !contract.operations.has(op)).map((op) => `${r.id}: ${op}`),
      );
      expect(unknown, 'operations named by rules that the contract does not have').toEqual([]);
      // A rule stating a parameter's meaning (Rule.parameters) names a parameter one of its operations takes.
      const untaken = catalogue.rules.flatMap((r) =>
        (r.parameters ?? [])
          .filter((p) => !r.operations.some((op) => contract.operations.get(op)?.parameters.some((x) => x.name === p)))
          .map((p) => `${r.id}: ${p}`),
      );
      expect(untaken, 'parameters named by rules that none of their operations takes').toEqual([]);
      expect(catalogue.rules.length).toBeGreaterThan(0);
    });

    test('has a check for every rule, both sides of every boundary and every request path', async () => {
      const gaps = catalogueGaps(loadRules(service), await citationsOf(service));
      const lacking = gaps.map((g) => `${g.rule} lacks ${g.missing}`);
      expect(lacking, 'rules without the checks they need').toEqual([]);
    });
  });
}

test('the gap finder names an unchecked rule, a missing side, a missing path and an unknown id', () => {
  const catalogue = {
    service: 's',
    paths: { a: 'path a', b: 'path b' },
    rules: [
      { id: 'S-LIM-NAME', text: 't', kind: 'limit' as const, source: 'seed' as const, cite: 'c', operations: ['op'] },
      { id: 'S-ECHO-ID', text: 't', kind: 'echo' as const, source: 'seed' as const, cite: 'c', operations: ['op'], paths: ['a', 'b'] },
      { id: 'S-AUTH-KEY', text: 't', kind: 'auth' as const, source: 'seed' as const, cite: 'c', operations: ['op'] },
    ],
  };
  const gaps = catalogueGaps(catalogue, [parseCitation('S-LIM-NAME:refuse'), parseCitation('S-ECHO-ID@a'), parseCitation('S-NOPE-X')]);
  expect(gaps.map((g) => `${g.rule}: ${g.missing}`).sort()).toEqual([
    'S-AUTH-KEY: any check',
    "S-ECHO-ID: a check on path 'b'",
    'S-LIM-NAME: its accepting side',
    'S-NOPE-X: an entry in the catalogue (a check cites an unknown id)',
  ]);
  expect(() => parseCitation('s-lower:accept')).toThrow(/not ID/);
});

test('a schema breach is filed under the narrowest rule naming its member by a keyword of its kind, a masked member too', () => {
  // provider 1.35.0 MicroDepositDetails.accountNumberLast4: its masking rule names it; more digits than the schema's
  // maxLength, or off its pattern, shows more of the number than the masking states.
  expect(ruleStating('financial-data', 'GetMicroDepositsDetails', 'accountNumberLast4', 'maxLength')).toBe('FD-MICRO-MASKING');
  expect(ruleStating('financial-data', 'GetMicroDepositsDetails', 'accountNumberLast4', 'pattern')).toBe('FD-MICRO-MASKING');
  expect(
    ruleStating('financial-data', 'GetMicroDepositsDetails', 'accountNumberLast4', 'minLength'),
    'fewer digits reveal nothing more',
  ).not.toBe('FD-MICRO-MASKING');
});

test("an answer's member off form is filed under the rule stating the answer's form of it, not a request rule of its name", async () => {
  const contract = await loadContract('card-enrollment');
  const response = contract.operation('putCard').responses['200']!.schema;
  // seed 000, MaskedCard: panExpirationYear "format YYYY, length 4" (CE-FMT-RESP-EXPIRY); the request's Card row of the Limits
  // table (CE-LIM-EXPYEAR) and its pattern (CE-PAT-EXPIRY) name the same member of another object.
  expect(componentAt(contract, response, '/maskedCard')).toBe('MaskedCard');
  for (const keyword of ['minLength', 'maxLength', 'pattern'])
    expect(ruleStating('card-enrollment', 'putCard', 'panExpirationYear', keyword, 'responseSchemaConformance', 'MaskedCard')).toBe(
      'CE-FMT-RESP-EXPIRY',
    );
  expect(ruleStating('card-enrollment', 'putCard', 'panExpirationYear', 'minLength'), 'a request member').toBe('CE-LIM-EXPYEAR');
  // seed 000, Limits; DigitalCardData: descriptorName at most 64 (CE-LIM-RESPONSE) stays its rule.
  expect(ruleStating('card-enrollment', 'putCard', 'descriptorName', 'maxLength', 'responseSchemaConformance', 'DigitalCardData')).toBe(
    'CE-LIM-RESPONSE',
  );
});

test("an answer's member past the bound a rule of any kind cites for it in its holder is filed under that rule", async () => {
  const contract = await loadContract('installments');
  const response = contract.operation('approvedOffers').responses['200']!.schema;
  // provider 2.0.0, Offer.tenure (minimum 2): IN-VAL-OFFER-TENURE, a value rule, not the answer's forms (IN-RESP-FORMS).
  expect(componentAt(contract, response, '/offers/0')).toBe('Offer');
  expect(ruleStating('installments', 'approvedOffers', 'tenure', 'minimum', 'responseSchemaConformance', 'Offer')).toBe(
    'IN-VAL-OFFER-TENURE',
  );
  // A keyword the citation does not state for it stays with the rules of the member's forms.
  expect(ruleStating('installments', 'approvedOffers', 'tenure', 'type', 'responseSchemaConformance', 'Offer')).not.toBe(
    'IN-VAL-OFFER-TENURE',
  );
});
