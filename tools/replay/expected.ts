// The status a collection item expects, read from its test scripts (its own and its folders'):
// the assertions Postman documents for the status code. Where an item asserts none, any 2xx is
// what it expects (a request sent to succeed).

export interface Expected {
  /** The statuses the assertions accept; empty when the item asserts none (then any 2xx). */
  statuses: number[];
}

const num = (list: string) => [...list.matchAll(/\b[1-5][0-9]{2}\b/g)].map((m) => Number(m[0]));

// pm.response.to.be.<name>: Postman's named status assertions.
const NAMED: Record<string, number> = {
  ok: 200,
  created: 201,
  accepted: 202,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  rateLimited: 429,
};

const PATTERNS: { re: RegExp; statuses: (m: RegExpMatchArray) => number[] }[] = [
  // pm.response.to.have.status(200)
  { re: /pm\.response\.to\.(?:have|be)\.status\(\s*([1-5][0-9]{2})\s*\)/g, statuses: (m) => [Number(m[1])] },
  // pm.expect(pm.response.code).to.equal(200) / .equals / .eql / .be.equal
  {
    re: /pm\.expect\(\s*pm\.response\.code\s*\)(?:\.[A-Za-z]+)*?\.(?:equals?|eql)\(\s*([1-5][0-9]{2})\s*\)/g,
    statuses: (m) => [Number(m[1])],
  },
  // pm.expect(pm.response.code).to.be.oneOf([202, 429])
  { re: /pm\.expect\(\s*pm\.response\.code\s*\)(?:\.[A-Za-z]+)*?\.oneOf\(\s*\[([^\]]*)\]\s*\)/g, statuses: (m) => num(m[1]) },
  // pm.expect([201, 401]).to.include(pm.response.code) / .contain
  {
    re: /pm\.expect\(\s*\[([^\]]*)\]\s*\)(?:\.[A-Za-z]+)*?\.(?:contains?|includes?)\(\s*pm\.response\.code\s*\)/g,
    statuses: (m) => num(m[1]),
  },
  // pm.response.to.be.ok / .created / .notFound ...
  { re: /pm\.response\.to\.be\.([A-Za-z]+)\b(?!\()/g, statuses: (m) => (m[1] in NAMED ? [NAMED[m[1]]] : []) },
  // the legacy sandbox: tests["..."] = responseCode.code === 200
  { re: /responseCode\.code\s*===?\s*([1-5][0-9]{2})/g, statuses: (m) => [Number(m[1])] },
];

/** The statuses the scripts' assertions accept (comments ignored). */
export function expectedStatuses(scripts: string[]): Expected {
  const found = new Set<number>();
  for (const script of scripts) {
    const code = script.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const { re, statuses } of PATTERNS) for (const m of code.matchAll(re)) statuses(m).forEach((s) => found.add(s));
  }
  return { statuses: [...found].sort((a, b) => a - b) };
}

/** Whether a status received is one the item expects. */
export const isExpected = (expected: Expected, status: number | undefined): boolean =>
  status !== undefined && (expected.statuses.length ? expected.statuses.includes(status) : status >= 200 && status < 300);

/** "200", "202 / 429 / 401", or "2xx" when the item asserts none. */
export const describeExpected = (expected: Expected): string => (expected.statuses.length ? expected.statuses.join(' / ') : '2xx');
