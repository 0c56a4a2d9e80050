// Accounts (seed 002, Endpoints - Accounts): readers, refresh v1 (200) and v2 (204), deletion of access to a login or an account,
// migration of a legacy login. Through findAccount / findLogin / linkedData, so a deletion is seen by every module at once.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import { answerThrough, judgeThrough, route, sendError, stateThrough, type FdContext } from './middleware.js';
import { findAccount, findCustomer, findLogin, type Account } from './state.js';
import {
  accountsOf,
  accountsOfLogin,
  isActive,
  SUPPORTED_ACCOUNT_TYPES,
  viewer,
  type AccountSeams,
  type Answer,
  type Exchange,
  type Refusal,
  type Step,
} from './accounts.records.js';

const NO_LOGIN_ACCOUNTS = 'Customer does not have any accounts associated with institutionLoginId';

export function registerAccounts(app: FastifyInstance, ctx: FdContext) {
  const { state: world } = ctx;
  const seams = ctx.faults.seams<AccountSeams>('accounts');
  const changed = stateThrough(seams);
  const refused = (status: number, message: string): Refusal => ({ status, message });

  /** The accounts an operation reads, once its customer, login or institution is found. */
  const scopeOf = (x: Exchange): Account[] => {
    switch (x.op) {
      // seed 002, Accounts: query account status and account type.
      case 'GetCustomerAccounts': {
        const { status, type } = x.filters!;
        // provider 1.35.0: "ava" is documented as supported with no meaning given: it restricts nothing. Other values list that type.
        return accountsOf(world, x.customer!.id).filter(
          (a) => (status === undefined || a.status === status) && (type === undefined || type === 'ava' || a.type === type),
        );
      }
      case 'GetCustomerAccountsSimple':
        return accountsOf(world, x.customer!.id).filter(isActive);
      case 'GetCustomerAccountsByInstitutionLogin':
        return x.list!;
      // provider 1.35.0: "all active accounts owned by the given customer at the given institution".
      case 'GetCustomerAccountsByInstitutionLoginSimple':
      case 'GetCustomerAccountsByInstitution':
      case 'GetCustomerAccountsByInstitutionSimple':
        return x.list!.filter(isActive);
      default:
        return x.list ?? [];
    }
  };

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // The partner's customer of the path (404 otherwise, like every customer route).
    customer: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      return x.customer ? undefined : refused(404, 'Customer not found');
    },
    account: (x) => {
      x.account = findAccount(world, x.input.path.customerId, x.input.path.accountId, x.input.partner?.id);
      return x.account ? undefined : refused(404, 'Account not found');
    },
    // provider 1.35.0 example: "Customer does not have any accounts associated with institutionLoginId" (404); deletion asks the login.
    login: (x) => {
      x.login = findLogin(world, x.input.path.customerId, x.input.path.institutionLoginId, x.input.partner?.id);
      if (x.op === 'DeleteCustomerAccountsByInstitutionLogin') return x.login ? undefined : refused(404, 'Institution login not found');
      x.list = x.login ? accountsOfLogin(world, x.login) : [];
      return x.list.length > 0 ? undefined : refused(404, NO_LOGIN_ACCOUNTS);
    },
    // No account of the customer at the institution (or an unknown institution) is a 404.
    institution: (x) => {
      x.customer = findCustomer(world, x.input.path.customerId, x.input.partner?.id);
      x.list = x.customer ? accountsOf(world, x.customer.id).filter((a) => a.institutionId === x.input.path.institutionId) : [];
      return x.list.length > 0 ? undefined : refused(404, 'No accounts of the customer at this institution');
    },
    // provider 1.35.0: AccountTypeParameter is an open string; its 400 example "Account type not supported" (FD-ACCT-TYPE-UNSUPPORTED).
    type: (x) => {
      const type = x.input.query.account_type;
      return type === undefined || SUPPORTED_ACCOUNT_TYPES.has(String(type))
        ? undefined
        : refused(400, 'Bad request. (Account type not supported)');
    },
    filters: (x) => {
      x.filters = { status: x.input.query.status, type: x.input.query.account_type };
      return undefined;
    },
    scope: (x) => {
      x.list = scopeOf(x);
      return undefined;
    },
    // provider 1.35.0 ToDateParameterForRefreshAccounts: toDate is later than fromDate; one before it is a 400.
    window: (x) => {
      const { fromDate, toDate } = x.input.query;
      return fromDate !== undefined && toDate !== undefined && Number(toDate) < Number(fromDate)
        ? refused(400, 'Bad request. (toDate is before fromDate)')
        : undefined;
    },
  };

  const judged = judgeThrough(seams, judge);
  const answer = answerThrough<Exchange, Answer>(seams);
  const on = (operationId: FdOperationId, steps: Step[], handler: (x: Exchange, reply: FastifyReply) => unknown) =>
    route(app, ctx, operationId, (input, reply) => {
      const x: Exchange = { op: operationId, input, now: ctx.clock.now(), world };
      const refusal = judged(x, steps);
      return refusal ? sendError(ctx, reply, refusal.status, refusal.message) : handler(x, reply);
    });
  /** The accounts of the exchange as a list of full or simple records. */
  const listed = (kind: 'full' | 'simple') => (x: Exchange, reply: FastifyReply) => {
    const view = viewer(world, x.customer?.id ?? x.login?.customerId ?? x.list![0]?.customerId);
    return answer(x, reply, { status: 200, body: { accounts: x.list!.map((a) => view[kind](a)) }, shown: x.list! });
  };
  const one = (kind: 'full' | 'simple') => (x: Exchange, reply: FastifyReply) =>
    answer(x, reply, { status: 200, body: viewer(world, x.account!.customerId)[kind](x.account!), shown: [x.account!] });

  // --- Lists of the customer, of a login, at an institution; one account.
  on('GetCustomerAccounts', ['customer', 'type', 'filters', 'scope'], listed('full'));
  on('GetCustomerAccountsSimple', ['customer', 'scope'], listed('simple'));
  on('GetCustomerAccount', ['account'], one('full'));
  // provider 1.35.0: this simple variant is not restricted to active accounts (its lists are).
  on('GetCustomerAccountSimple', ['account'], one('simple'));
  on('GetCustomerAccountsByInstitutionLogin', ['login', 'scope'], listed('full'));
  on('GetCustomerAccountsByInstitutionLoginSimple', ['login', 'scope'], listed('simple'));
  on('GetCustomerAccountsByInstitution', ['institution', 'scope'], listed('full'));
  on('GetCustomerAccountsByInstitutionSimple', ['institution', 'scope'], listed('simple'));

  // --- Refresh (seed 002: v1 200 with the accounts, v2 204; completion updates the aggregation attempt date), completed at once.
  const refresh = (version: 1 | 2) => (x: Exchange, reply: FastifyReply) => {
    x.list ??= accountsOf(world, x.customer!.id);
    const at = Math.floor(x.now.getTime() / 1000);
    const change = changed(x, { op: 'refresh', accounts: x.list, at, attempt: true });
    for (const a of change.accounts) {
      if (change.attempt) a.aggregationAttemptDate = change.at;
      a.aggregationSuccessDate = change.at;
    }
    return version === 2 ? answer(x, reply, { status: 204, shown: [] }) : listed('full')(x, reply);
  };
  on('RefreshCustomerAccounts', ['customer'], refresh(1));
  on('RefreshCustomerAccountsV2', ['customer'], refresh(2));
  on('RefreshCustomerAccountsByInstitutionLogin', ['login', 'window'], refresh(1));
  on('RefreshCustomerAccountsByInstitutionLoginV2', ['login'], refresh(2));

  // --- Deletion of access (seed 002: that data only; other accounts stay). Transactions are retained (provider 1.35.0), unreachable.
  const forget = (x: Exchange, gone: Account[]) => {
    const change = changed(x, { op: 'delete', gone });
    for (const a of change.gone) world.accounts.delete(a.id);
  };
  on('DeleteCustomerAccountsByInstitutionLogin', ['login'], (x, reply) => {
    forget(x, accountsOfLogin(world, x.login!));
    world.logins.delete(x.login!.id);
    return answer(x, reply, { status: 204, shown: [] });
  });
  on('DeleteCustomerAccount', ['account'], (x, reply) => {
    forget(x, [x.account!]);
    return answer(x, reply, { status: 204, shown: [] });
  });

  // --- Migration of a legacy login to the OAuth connection: answers the accounts of that login.
  on('MigrateInstitutionLoginAccounts', ['login'], (x, reply) => {
    const change = changed(x, { op: 'migrate', migrated: x.login!.legacy });
    if (change.migrated) x.login!.migrated = true;
    return listed('full')(x, reply);
  });
}
