// What the bench's server side and its store-growth reads share: an operation's URL from the
// contract, and a financial data mock with a partner token (the way the specs' fixtures get one).
import { loadContract, type Contract } from '../../helpers/contract/contract.js';
import type { OperationId } from '../../helpers/contract/operations.js';
import { fdTargetFromMock, type FdTarget } from '../../helpers/target/financial-data.js';
import { startFinancialDataMock, type FdMockHandle } from '../../mocks/financial-data/index.js';

/** Method, URL and a label (`POST /cards putCard`) of an operation, built as the suite's client builds them. */
export function opUrl(
  contract: Contract,
  baseURL: string,
  operationId: OperationId,
  call: { path?: Record<string, string>; query?: Record<string, string | number> } = {},
) {
  const op = contract.operationOf(operationId);
  const resolved = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(call.path?.[name] ?? ''));
  const url = new URL(baseURL.replace(/\/$/, '') + resolved);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, String(v));
  return { method: op.method, url: url.toString(), label: `${op.method} ${op.path} ${operationId}` };
}

/** A fresh financial data mock (closed by `closers`), its target, and the security headers of a new partner token. */
export async function fdMockWithToken(closers: (() => Promise<void>)[]): Promise<{
  mock: FdMockHandle;
  contract: Contract;
  target: FdTarget;
  auth: Record<string, string>;
}> {
  const mock = await startFinancialDataMock({});
  closers.push(() => mock.close());
  const contract = await loadContract('financial-data');
  const target = fdTargetFromMock({ ...mock, now: () => mock.context.clock.nowMs() });
  const names = mock.context.headerNames;
  const token = opUrl(contract, mock.baseURL, 'CreateToken');
  const response = await fetch(token.url, {
    method: token.method,
    headers: { accept: 'application/json', 'content-type': 'application/json', [names.appKey]: target.appKey },
    body: JSON.stringify(target.partner),
  });
  if (!response.ok) throw new Error(`setup: financial-data CreateToken answered ${response.status}`);
  const auth = { [names.appKey]: target.appKey, [names.appToken]: String(((await response.json()) as { token: string }).token) };
  return { mock, contract, target, auth };
}
