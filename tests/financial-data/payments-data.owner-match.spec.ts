// Covers: AccountMatchingScoreDetails - seed 002, Payments data ("scores from 0 to 100 (higher is a closer
// match). The name value is required ...; all other elements are optional"), Errors 408; provider 1.35.0:
// firstName and lastName required, integer scores. The 408 needs the mock's slow institution: @mock-only.
import { expect, expectFdError, mockOnly, rules, test, type LinkedCustomer, type OperationClient } from '../../fixtures/financial-data.js';

/** Every score of an answer, with where it is. */
function scoresOf(body: any): [string, unknown][] {
  const out: [string, unknown][] = [];
  (body.holders ?? []).forEach((h: any, i: number) => {
    for (const [k, v] of Object.entries(h.nameScores ?? {})) out.push([`holders[${i}].nameScores.${k}`, v]);
    for (const [list, member] of [
      ['addresses', 'addressScores'],
      ['emails', 'emailScores'],
      ['phones', 'phoneScores'],
    ]) {
      (h[list] ?? []).forEach((x: any, j: number) => {
        for (const [k, v] of Object.entries(x[member] ?? {})) out.push([`holders[${i}].${list}[${j}].${member}.${k}`, v]);
      });
    }
  });
  return out;
}

/** The linked customer's checking account, and owner match on an account (its insights: payments-data.owner.spec.ts). */
const checking = (c: LinkedCustomer) => ({ customerId: c.customerId, accountId: c.account('checking').id });
const score = (fdApi: OperationClient, path: ReturnType<typeof checking>, body: any) =>
  fdApi.call('AccountMatchingScoreDetails', { path, body });

/** The holder's name as the institution gives it (owner details v3). */
async function holderName(fdApi: OperationClient, customerId: string, accountId: string) {
  const res = await fdApi.call('GetAccountOwnerDetails', { path: { customerId, accountId } });
  expect(res.status).toBe(200);
  const h = res.body.holders[0];
  const [first, ...rest] = String(h.ownerName).split(/\s+/);
  return { firstName: h.firstName || first, lastName: h.lastName || rest.join(' ') || first };
}

/** A name sharing no letter with the holder's, as long as it (mock: a 0 score). */
function unlike(name: string): string {
  const pool = 'qxzjvwkyfbgpmuhcdlrtsnoiea'.split('').filter((c) => !name.toLowerCase().includes(c));
  // Every character, spaces too: the example names hold inner and trailing spaces (telling values).
  return name.replace(/./gsu, (_c, i: number) => pool[i % pool.length] ?? 'q');
}

test(
  'a request with only the name is scored; without name, or with a name lacking lastName, it is a 400',
  rules('FD-PAY-MATCH-NAME-REQUIRED:accept', 'FD-PAY-MATCH-NAME-REQUIRED:refuse'),
  async ({ fdApi, linkedCustomer }) => {
    const path = checking(linkedCustomer);
    const ok = await score(fdApi, path, { name: { firstName: 'Jane', lastName: 'Doe' } });
    expect(ok.status, 'only the name').toBe(200);
    expectFdError(await score(fdApi, path, { email: 'jane@example.com', phone: '8015551234' }), 400, 'no name');
    expectFdError(await score(fdApi, path, { name: { firstName: 'Jane' } }), 400, 'name without lastName');
  },
);

test(
  'every score of an answer with name, address, email and phone is within 0..100',
  rules('FD-PAY-MATCH-SCORE-RANGE:accept'),
  async ({ fdApi, linkedCustomer }) => {
    const path = checking(linkedCustomer);
    const name = await holderName(fdApi, path.customerId, path.accountId);
    for (const body of [
      {
        name,
        address: { line1: '101 Main Street', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' },
        email: 'someone@example.com',
        phone: '8015551234',
      },
      { name: { firstName: unlike(name.firstName), middleName: 'Q', lastName: unlike(name.lastName), suffix: 'Jr' } },
    ]) {
      const res = await score(fdApi, path, body);
      expect(res.status).toBe(200);
      const outside = scoresOf(res.body).filter(([, v]) => !(Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100));
      expect(outside, 'scores outside 0..100').toEqual([]);
    }
  },
);

// The same judgement the client makes of every answer (responseSchemaConformance, FD-RESP-FORMS): the answer
// as given passes, a score of another type (provider 1.35.0: integers) fails.
test(
  'the contract check accepts the answer as given and scores of 0 and 100, and refuses -1, 101 and a score written as text',
  rules('FD-PAY-MATCH-SCORE-RANGE:accept', 'FD-PAY-MATCH-SCORE-RANGE:refuse', 'FD-RESP-FORMS:accept', 'FD-RESP-FORMS:refuse'),
  async ({ fdApi, fdContract, linkedCustomer }) => {
    const path = checking(linkedCustomer);
    const res = await score(fdApi, path, { name: { firstName: 'Jane', lastName: 'Doe' } });
    expect(res.status).toBe(200);
    const validate = fdContract.responseValidator('AccountMatchingScoreDetails', '200')!;
    expect(validate(res.body), 'the answer as the target gave it').toBe(true);
    const withScore = (score: unknown) => ({
      ...res.body,
      holders: [{ ...res.body.holders[0], nameScores: { ...res.body.holders[0].nameScores, ownerName: score } }],
    });
    for (const score of [0, 100]) expect(validate(withScore(score)), `ownerName score ${score} accepted`).toBe(true);
    for (const score of [-1, 101]) expect(validate(withScore(score)), `ownerName score ${score} refused`).toBe(false);
    expect(validate(withScore('100')), 'an ownerName score written as text refused').toBe(false);
  },
);

test(
  'on the mock an exact name scores 100 and names sharing no letter 0 @mock-only',
  mockOnly(
    rules('FD-PAY-MATCH-SCORE-RANGE:accept'),
    "expects the mock's scores (an exact name 100, names sharing no letter 0): the contract gives a range, not how a sandbox scores",
  ),
  async ({ fdApi, fdMock: _mock, linkedCustomer }) => {
    const path = checking(linkedCustomer);
    const name = await holderName(fdApi, path.customerId, path.accountId);
    const exact = await score(fdApi, path, { name });
    const other = await score(fdApi, path, { name: { firstName: unlike(name.firstName), lastName: unlike(name.lastName) } });
    expect(exact.body.holders[0].nameScores, 'exact name').toMatchObject({ ownerName: 100, firstName: 100, lastName: 100 });
    expect(other.body.holders[0].nameScores, 'first and last names sharing no letter').toMatchObject({ firstName: 0, lastName: 0 });
    // The full names still share the space between them: low, not 0.
    expect(other.body.holders[0].nameScores.ownerName, 'the full name sharing only a space').toBeLessThan(20);
  },
);

test(
  'owner match on an account whose institution does not answer in time is a 408 @mock-only',
  mockOnly(
    rules('FD-PAY-MATCH-TIMEOUT'),
    "needs an account at an institution that does not answer in time: the mock's world has one (Harbor Savings Bank); a sandbox's institutions answer",
  ),
  async ({ fdApi, fdMock: _mock, linkedCustomer }) => {
    // The mock world's slow institution: Harbor Savings Bank (170778), the legacy login.
    const slow = linkedCustomer.accounts.find((a) => a.institutionId === '170778');
    expect(slow, 'the linked portfolio has an account at the slow institution').toBeDefined();
    const slowPath = { customerId: linkedCustomer.customerId, accountId: slow!.id };
    const res = await score(fdApi, slowPath, { name: { firstName: 'Jane', lastName: 'Doe' } });
    expectFdError(res, 408, 'institution timed out');
    expect(res.body.code, 'the error body has a code').toBeDefined();
  },
);

/**
 * The linked customer's checking account and its first holder as GetAccountOwnerDetails shows it: the
 * name, the address parts the institution gives (country left out: the request takes two letters), the
 * first e-mail and phone.
 */
async function checkingHolder(fdApi: OperationClient, linkedCustomer: LinkedCustomer) {
  const path = checking(linkedCustomer);
  const v3 = await fdApi.call('GetAccountOwnerDetails', { path });
  expect(v3.status).toBe(200);
  const holder = v3.body.holders[0];
  const name = await holderName(fdApi, path.customerId, path.accountId);
  const shown = holder.addresses?.[0] ?? {};
  const address = Object.fromEntries(
    (['line1', 'city', 'state', 'postalCode'] as const).filter((k) => typeof shown[k] === 'string' && shown[k]).map((k) => [k, shown[k]]),
  );
  const email: unknown = holder.emails?.[0]?.email;
  const phone: unknown = holder.phones?.[0]?.phone;
  return { path, holder, name, address, email, phone };
}

// seed 002, Payments data: "higher is a closer match"; every element but the name is optional. With no optional
// member, each alone and all, one member varied at a time: its own score is strictly higher for the holder's
// exact value, and no score of the exact request is lower than that of the request differing in one member. A name is
// varied twice: to one sharing no letter, and to the holder's other name (the first name sent as the last and the other
// way), so a score judging a name against the holder's other name shows the exact value scoring no higher.
type MatchBody = Record<string, any>;
const OPTIONAL = ['middleName', 'suffix', 'ownerName', 'address', 'email', 'phone'] as const;
type Optional = (typeof OPTIONAL)[number];

test(
  'with every optional member absent, alone or all present, the exact value of each member scores at least as high on every score, and higher on its own',
  rules('FD-PAY-MATCH-CLOSER-HIGHER'),
  async ({ fdApi, linkedCustomer }) => {
    const { path, holder, name, address, email, phone } = await checkingHolder(fdApi, linkedCustomer);
    const digitsOther = (v: string) => v.replace(/\d/g, (d) => String((Number(d) + 5) % 10));
    // Each member: the holder's value (or a stand-in when the holder shows none: then it is only
    // carried, not compared), a different one, and the scores it owns in the answer.
    const members: Record<
      'name' | 'firstName' | 'lastName' | Optional,
      { exact: unknown; other: unknown; more?: unknown[]; own: RegExp | undefined }
    > = {
      name: { exact: name, other: 'both names', own: /\.nameScores\.(ownerName|firstName|lastName)$/ },
      firstName: { exact: name.firstName, other: unlike(name.firstName), more: [name.lastName], own: /\.nameScores\.firstName$/ },
      lastName: { exact: name.lastName, other: unlike(name.lastName), more: [name.firstName], own: /\.nameScores\.lastName$/ },
      middleName: holder.middleName
        ? { exact: holder.middleName, other: unlike(holder.middleName), own: /\.nameScores\.middleName$/ }
        : { exact: 'Quill', other: 'Quill', own: undefined },
      suffix: holder.suffix
        ? { exact: holder.suffix, other: unlike(holder.suffix), own: /\.nameScores\.suffix$/ }
        : { exact: 'Jr', other: 'Jr', own: undefined },
      // The request's ownerName: no score of its own documented (nameScores.ownerName scores the name).
      ownerName: { exact: holder.ownerName, other: unlike(String(holder.ownerName)), own: undefined },
      address: Object.keys(address).length
        ? {
            exact: address,
            other: Object.fromEntries(
              Object.entries(address).map(([k, v]) => [k, k === 'postalCode' ? digitsOther(String(v)) : unlike(String(v))]),
            ),
            own: /\.addressScores\.(line1|city|state|postalCode|ownerAddress)$/,
          }
        : { exact: { line1: '1 Quill Street' }, other: { line1: '1 Quill Street' }, own: undefined },
      email:
        typeof email === 'string' && email
          ? { exact: email, other: `${unlike(email.split('@')[0])}@${email.split('@')[1] ?? 'example.com'}`, own: /\.emailScores\.email$/ }
          : { exact: 'quill@example.com', other: 'quill@example.com', own: undefined },
      // provider 1.35.0: the phone of a request is digits only, at most 10.
      phone:
        typeof phone === 'string' && /^\d{1,10}$/.test(phone)
          ? { exact: phone, other: digitsOther(phone), own: /\.phoneScores\.phone$/ }
          : { exact: '8015550100', other: '8015550100', own: undefined },
    };
    const bodyOf = (present: readonly Optional[], varied?: keyof typeof members, other?: unknown): MatchBody => {
      const value = (m: keyof typeof members) =>
        m === varied ? other : varied === 'name' && (m === 'firstName' || m === 'lastName') ? members[m].other : members[m].exact;
      const body: MatchBody = { name: { firstName: value('firstName'), lastName: value('lastName') } };
      for (const m of present) {
        if (m === 'middleName' || m === 'suffix') body.name[m] = value(m);
        else body[m] = value(m);
      }
      return body;
    };
    const variants: (readonly Optional[])[] = [[], ...OPTIONAL.map((m) => [m] as const), OPTIONAL];
    const problems: string[] = [];
    let strict = 0;
    for (const present of variants) {
      const label = present.length ? `with ${present.join(', ')}` : 'with the name alone';
      const exact = await score(fdApi, path, bodyOf(present));
      expect(exact.status, label).toBe(200);
      const exactScores = new Map(scoresOf(exact.body));
      for (const varied of ['name', 'firstName', 'lastName', ...present] as const)
        for (const otherValue of [members[varied].other, ...(members[varied].more ?? [])]) {
          if (members[varied].exact === otherValue) continue;
          const other = await score(fdApi, path, bodyOf(present, varied, otherValue));
          expect(other.status, `${label}, ${varied} ${JSON.stringify(otherValue)}`).toBe(200);
          for (const [where, b] of scoresOf(other.body)) {
            const a = exactScores.get(where);
            if (typeof a !== 'number' || typeof b !== 'number') continue;
            const own = members[varied].own?.test(where) ?? false;
            if (own) strict++;
            if (own ? !(a > b) : !(a >= b))
              problems.push(
                `${label}, ${varied} ${JSON.stringify(otherValue)}: ${where} exact ${a}, different ${b} (${own ? 'its own score' : 'another score'})`,
              );
          }
        }
    }
    expect(strict, 'the answers score the varied members (firstName and lastName at least)').toBeGreaterThan(0);
    expect(problems, 'scores of the exact request below, or its own score not above, those of a request differing in one member').toEqual(
      [],
    );
  },
);
