// Statements, pay statements and assets (seed 002, Endpoints - Statements, pay statements,
// assets): one monthly statement as a PDF (v1), the details of up to 24 statements with their
// asset ids (v3), stored pay statements, and the download of any asset of the customer, byte for
// byte. Reads the linked accounts through findAccount; keeps its assets in state.ts (statements).
// Rules: schemas/financial-data/rules/statements.yaml.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { onePagePdf } from '../kit/pdf.js';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findAccount, findCustomer, type Account, type Asset, type FdState } from './state.js';

/** An asset id in the provider's form (provider 1.35.0 AssetId example): a UUID, then the customer id. */
function assetIdOf(seed: string, customerId: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}-${customerId}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const us = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;

/** The calendar month `index` months before the current one (1 = the last closed month). */
function period(nowMs: number, index: number, yearKept = false) {
  const now = new Date(nowMs);
  // i6-statement-period-year-not-wrapped: the month counted back within the current year.
  const month = yearKept ? (((now.getUTCMonth() - index) % 12) + 12) % 12 : now.getUTCMonth() - index;
  const start = new Date(Date.UTC(now.getUTCFullYear(), month, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), month + 1, 0));
  return { start, end, description: `${us(start)} - ${us(end)}`, documentDate: end.toISOString().slice(0, 10) };
}

/** A small, valid-looking PDF (ASCII only): the account's name, last four digits and period. */
function statementPdf(account: Account, index: number, p: ReturnType<typeof period>): Buffer {
  const text = `Statement ${index}: ${account.name} ending ${account.number.slice(-4)}, ${p.description}`;
  return Buffer.from(onePagePdf([text]), 'ascii');
}

/**
 * An asset of the store, read-only (the pay statement and VOIE paystub reports of reports/income.ts
 * take the asset ids of stored pay statements). `label` is set only on pay statements
 * (StoreCustomerPayStatement); statement assets have none.
 */
export function storedAsset(world: FdState, assetId: string): Readonly<Asset> | undefined {
  return world.statements.assets.get(assetId);
}

export function registerStatements(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  const state = () => world.statements;

  /** The account of the path, or a 404 / 400 already sent (undefined then). */
  const accountOf = ({ path, partner }: Input, reply: FastifyReply): Account | undefined => {
    const account = findAccount(world, path.customerId, path.accountId, partner?.id);
    if (!account) {
      sendError(ctx, reply, 404, 'Customer or account not found');
      return undefined;
    }
    // seed 002: statements for every account type it names (fault: two types forgotten).
    if (faults.has('statements-type-unsupported') && (account.type === 'studentLoan' || account.type === 'lineOfCredit')) {
      sendError(ctx, reply, 400, 'Bad request. (Account type not supported).');
      return undefined;
    }
    return account;
  };

  /** The statement of an index: its PDF and asset id, registered so that the asset downloads it. */
  const statement = (account: Account, index: number) => {
    const p = period(clock.nowMs(), index, faults.has('i6-statement-period-year-not-wrapped'));
    const pdfIndex = faults.has('statements-asset-off-by-one') ? index + 1 : index;
    const id = assetIdOf(`statement:${account.id}:${index}:${p.documentDate}`, account.customerId);
    const pdf = statementPdf(account, index, p);
    const assetPdf = statementPdf(account, pdfIndex, period(clock.nowMs(), pdfIndex, faults.has('i6-statement-period-year-not-wrapped')));
    // Blind fault: the statement asset is stored as text with CRLF line endings (no longer the v1 bytes).
    const assetBytes = faults.has('blind-statements-asset-crlf')
      ? Buffer.from(assetPdf.toString('ascii').replace(/\n/g, '\r\n'), 'ascii')
      : assetPdf;
    if (!faults.has('statements-assets-unregistered')) state().assets.set(id, { customerId: account.customerId, bytes: assetBytes });
    return { id, pdf, p };
  };

  route(app, ctx, 'GetCustomerAccountStatement', (input, reply) => {
    const account = accountOf(input, reply);
    if (!account) return reply;
    // seed 002 Errors 203: the institution asks a multi-factor challenge (no body, provider 1.35.0).
    if (account.mfa && !faults.has('statements-mfa-ignored')) return reply.code(203).send();
    const index =
      (input.query.index as number | undefined) ??
      (faults.has('statements-default-oldest')
        ? 24
        : // i21-stmt-v1-savings-default-index-two: without index, a savings account's v1 statement is the one before the latest.
          faults.has('i21-stmt-v1-savings-default-index-two') && account.type === 'savings'
          ? 2
          : 1);
    // i12-stmt-v1-index-24-refused: the v1 index's maximum read as exclusive.
    if (faults.has('i12-stmt-v1-index-24-refused') && index === 24) return sendError(ctx, reply, 400, 'index must be less than 24');
    // seeded-fam24-stmt-v1-investment-latest-always: an investment account's statement read as the latest one.
    // i24-stmt-v1-index-past-twelve-month-of-year: an index past 12 read as its month of the latest year (index minus 12).
    const { pdf } = statement(
      account,
      faults.has('seeded-fam24-stmt-v1-investment-latest-always') && account.type === 'investment'
        ? 1
        : // i33-fd-stmt-v1-credit-card-index-shifted: a credit card's statement index read one further back.
          faults.has('i33-fd-stmt-v1-credit-card-index-shifted') && account.type === 'creditCard' && index < 24
          ? index + 1
          : faults.has('i24-stmt-v1-index-past-twelve-month-of-year') && index > 12
            ? index - 12
            : index,
    );
    // seeded-prop-stmt-octet-stream-month-behind: an Accept of application/octet-stream alone is served from a copy of the statement a month older.
    if (
      faults.has('seeded-prop-stmt-octet-stream-month-behind') &&
      /application\/octet-stream/i.test(String(reply.request.headers.accept ?? '')) &&
      !/application\/pdf/i.test(String(reply.request.headers.accept ?? '')) &&
      index < 24
    )
      return reply
        .code(200)
        .type('application/octet-stream')
        .send(statement(account, index + 1).pdf);
    if (faults.has('statements-pdf-base64')) return reply.code(200).type('application/pdf').send(pdf.toString('base64'));
    // i26-stmt-v1-pdf-as-text-plain: the v1 statement served with a text/plain media type (the PDF bytes unchanged).
    if (faults.has('i26-stmt-v1-pdf-as-text-plain')) return reply.code(200).type('text/plain').send(pdf);
    return reply.code(200).type('application/pdf').send(pdf);
  });

  route(app, ctx, 'GetCustomerAccountMultipleStatement', (input, reply) => {
    const account = accountOf(input, reply);
    if (!account) return reply;
    // i23-stmt-v3-mfa-skipped-with-index: an MFA account's details asked with an explicit index answered 200.
    const mfaSkipped = faults.has('i23-stmt-v3-mfa-skipped-with-index') && input.query.index !== undefined;
    if (account.mfa && !faults.has('statements-mfa-v3-ignored') && !mfaSkipped) return reply.code(203).send();
    // Blind fault: without index, v3 lists every statement available (1 to 24) instead of index 1.
    // seeded-fam24-stmt-v3-line-of-credit-default-all: the same, for a line of credit only.
    const defaultAll =
      faults.has('blind-statements-v3-default-all') ||
      (faults.has('seeded-fam24-stmt-v3-line-of-credit-default-all') && account.type === 'lineOfCredit');
    const defaultIndexes = defaultAll ? Array.from({ length: 24 }, (_, i) => i + 1).join(',') : '1';
    let indexes = String(input.query.index ?? defaultIndexes)
      .split(',')
      .map(Number);
    if (faults.has('statements-index-unordered')) indexes = [...indexes].sort((a, b) => a - b);
    // i22-stmt-v3-mortgage-indexes-descending: a mortgage's details answered from the oldest index asked to the latest.
    if (faults.has('i22-stmt-v3-mortgage-indexes-descending') && account.type === 'mortgage') indexes = [...indexes].sort((a, b) => b - a);
    if (faults.has('statements-details-truncated')) indexes = indexes.slice(0, 23);
    // i37-fd-stmt-v3-last-index-dropped: of several statement indexes asked, the last one is left out.
    if (faults.has('i37-fd-stmt-v3-last-index-dropped') && indexes.length > 1) indexes = indexes.slice(0, -1);
    // i15-stmt-v3-repeated-index-collapsed: an index asked twice gives one detail.
    if (faults.has('i15-stmt-v3-repeated-index-collapsed')) indexes = [...new Set(indexes)];
    // i36-fd-stmt-v3-last-index-dropped: with several indexes asked, the last one is left out (a loop bound off by one).
    if (faults.has('i36-fd-stmt-v3-last-index-dropped') && indexes.length > 1) indexes = indexes.slice(0, -1);
    // seeded-stmt-v3-adjacent-index-collapsed: an index asked twice side by side gives one detail.
    if (faults.has('seeded-stmt-v3-adjacent-index-collapsed')) indexes = indexes.filter((index, i) => index !== indexes[i - 1]);
    // i14-stmt-v3-index-24-refused: the multiple-statement read refuses index 24, the oldest allowed.
    if (faults.has('i14-stmt-v3-index-24-refused') && indexes.includes(24)) return sendError(ctx, reply, 400, 'index must be less than 24');
    // i27-stmt-v3-as-of-date-ms: the multiple-statement details dated in epoch milliseconds.
    const asOfDate = faults.has('i27-stmt-v3-as-of-date-ms') ? clock.nowMs() : clock.nowEpochSeconds();
    const statements = indexes.map((index, position) => {
      // i17-stmt-v3-index-24-document-of-23: the oldest index (24) read as the statement before it.
      const { id: own, p } = statement(account, faults.has('i17-stmt-v3-index-24-document-of-23') && index === 24 ? 23 : index);
      // seeded-fam24-stmt-v3-loan-asset-of-latest: a loan's details all carry the latest statement's asset id.
      const id =
        faults.has('i11-statement-v3-asset-id-of-first-index') && indexes.length > 1
          ? statement(account, indexes[0]).id
          : faults.has('seeded-fam24-stmt-v3-loan-asset-of-latest') && account.type === 'loan'
            ? statement(account, 1).id
            : // i20-stmt-v3-credit-card-assets-of-index-one: a credit card's details all name the asset of its latest statement.
              faults.has('i20-stmt-v3-credit-card-assets-of-index-one') && account.type === 'creditCard'
              ? statement(account, 1).id
              : own;
      // Blind fault: each detail carries its position in the list (1-based), not the index asked.
      const shownIndex = faults.has('blind-statements-v3-index-is-position') ? position + 1 : index;
      // i12-stmt-v3-index-as-number: the index answered as a JSON number.
      const indexShown = faults.has('i12-stmt-v3-index-as-number') ? shownIndex : String(shownIndex);
      // i19-stmt-v3-savings-details-dated-as-latest: a savings account's details all dated as its latest statement.
      // i34-fd-stmt-v3-past-year-dated-as-next: an index past twelve dated as the statement one month later (index minus one).
      const documentDate =
        faults.has('i19-stmt-v3-savings-details-dated-as-latest') && account.type === 'savings'
          ? statement(account, 1).p.documentDate
          : faults.has('i34-fd-stmt-v3-past-year-dated-as-next') && index > 12
            ? statement(account, index - 1).p.documentDate
            : p.documentDate;
      // i32-fd-stmt-v3-later-asset-ids-uppercased: the details after the first name their asset id in upper case.
      const idShown = faults.has('i32-fd-stmt-v3-later-asset-ids-uppercased') && position > 0 ? String(id).toUpperCase() : id;
      return { index: indexShown, id: idShown, asOfDate, description: p.description, documentDate };
    });
    // i29-fd-stmt-v3-later-ids-of-first: every statement after the first named by the first one's asset id.
    if (faults.has('i29-fd-stmt-v3-later-ids-of-first') && statements.length > 1)
      return reply.code(200).send({ statements: statements.map((s, i) => (i > 0 ? { ...s, id: statements[0].id } : s)) });
    return reply.code(200).send({ statements });
  });

  route(app, ctx, 'StoreCustomerPayStatement', ({ path, body, partner }, reply) => {
    const customer = findCustomer(world, path.customerId, partner?.id);
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found');
    const id = assetIdOf(`pay:${customer.id}:${++state().seq}`, customer.id);
    const decoded = Buffer.from(body.statement, 'base64');
    // i3-paystmt-trailing-whitespace-trimmed: the stored document loses its trailing newlines, spaces and NUL bytes.
    // i9-paystmt-cut-at-64k: at most 65,536 bytes kept.
    let end = faults.has('i9-paystmt-cut-at-64k') ? Math.min(decoded.length, 65_536) : decoded.length;
    if (faults.has('i3-paystmt-trailing-whitespace-trimmed')) while (end > 0 && [0x00, 0x0a, 0x0d, 0x20].includes(decoded[end - 1])) end--;
    // i18-paystmt-leading-bom-stripped: a leading UTF-8 byte order mark dropped from the stored document.
    const from =
      faults.has('i18-paystmt-leading-bom-stripped') && decoded[0] === 0xef && decoded[1] === 0xbb && decoded[2] === 0xbf ? 3 : 0;
    // seeded-fam28a-paystmt-incomplete-utf8-tail-dropped: a trailing partial UTF-8 character dropped (a text decoder never ended).
    if (faults.has('seeded-fam28a-paystmt-incomplete-utf8-tail-dropped')) {
      let lead = end - 1;
      while (lead > from && lead > end - 4 && (decoded[lead] & 0xc0) === 0x80) lead--;
      const need = decoded[lead] >= 0xf0 ? 4 : decoded[lead] >= 0xe0 ? 3 : decoded[lead] >= 0xc0 ? 2 : 1;
      if (lead >= from && need > end - lead) end = lead;
    }
    // i21-paystmt-crlf-normalised: the stored document's CRLF line ends written as LF (read as text).
    const stored = decoded.subarray(from, end);
    const kept = faults.has('i21-paystmt-crlf-normalised')
      ? Buffer.from(stored.toString('latin1').replace(/\r\n/g, '\n'), 'latin1')
      : // i23-paystmt-stored-as-utf8-text: the statement kept as UTF-8 text, bytes that are not UTF-8 replaced.
        faults.has('i23-paystmt-stored-as-utf8-text')
        ? Buffer.from(stored.toString('utf8'), 'utf8')
        : stored;
    // i31-fd-paystmt-same-label-overwrites-earlier: a pay statement stored under a label already used also replaces the earlier asset's bytes.
    if (faults.has('i31-fd-paystmt-same-label-overwrites-earlier'))
      for (const earlier of state().assets.values())
        if (earlier.customerId === customer.id && earlier.label !== undefined && earlier.label === body.label) earlier.bytes = kept;
    state().assets.set(id, { customerId: customer.id, bytes: kept, label: body.label });
    return reply.code(200).send({ assetId: id });
  });

  route(app, ctx, 'GetAssetByCustomerID', ({ path, partner }, reply) => {
    const customer = findCustomer(world, path.customerId, partner?.id);
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found');
    // i9-asset-id-case-folded: the asset looked up without case.
    const folded = faults.has('i9-asset-id-case-folded')
      ? [...state().assets.entries()].find(([id]) => id.toLowerCase() === path.assetId.toLowerCase())?.[1]
      : undefined;
    // asset-id-leading-zeros-dropped: the asset looked up with leading zeros dropped from both ids.
    const unpadded = (id: string) => id.replace(/^0+/, '');
    const unzeroed = faults.has('asset-id-leading-zeros-dropped')
      ? [...state().assets.entries()].find(([id]) => unpadded(id) === unpadded(path.assetId))?.[1]
      : undefined;
    const asset = state().assets.get(path.assetId) ?? folded ?? unzeroed;
    if (!asset && faults.has('assets-unknown-empty')) return reply.code(200).type('application/octet-stream').send(Buffer.alloc(0));
    // rt-asset-pay-statement-other-customer-same-partner: a pay statement's owner compared by partner only.
    const samePartner =
      asset?.label !== undefined &&
      faults.has('rt-asset-pay-statement-other-customer-same-partner') &&
      findCustomer(world, asset.customerId, partner?.id) !== undefined;
    // i28-fd-statement-asset-other-customer: a statement asset's owner compared by partner only.
    const statementOfPartner =
      asset !== undefined &&
      asset.label === undefined &&
      faults.has('i28-fd-statement-asset-other-customer') &&
      findCustomer(world, asset.customerId, partner?.id) !== undefined;
    if (!asset || (asset.customerId !== customer.id && !faults.has('assets-owner-unchecked') && !samePartner && !statementOfPartner))
      return sendError(ctx, reply, 404, 'Asset not found');
    let bytes = asset.bytes;
    if (asset.label !== undefined && faults.has('paystmt-asset-base64')) bytes = Buffer.from(bytes.toString('base64'), 'ascii');
    if (asset.label !== undefined && faults.has('paystmt-asset-latin1')) bytes = Buffer.from(bytes.toString('latin1'), 'utf8');
    // seeded-asset-read-leading-whitespace-trimmed: the download starts at the document's first byte that is not white space or NUL.
    if (faults.has('seeded-asset-read-leading-whitespace-trimmed')) {
      let start = 0;
      while (start < bytes.length && [0x00, 0x09, 0x0a, 0x0d, 0x20].includes(bytes[start])) start++;
      bytes = bytes.subarray(start);
    }
    // i24-paystmt-asset-eof-newline-added: a pay statement ending in %%EOF downloads with a newline added after it.
    if (asset.label !== undefined && faults.has('i24-paystmt-asset-eof-newline-added') && bytes.subarray(-5).toString('latin1') === '%%EOF')
      bytes = Buffer.concat([bytes, Buffer.from('\n', 'latin1')]);
    // asset-read-cut-at-1m: the download written from one fixed 1 MiB buffer.
    if (faults.has('asset-read-cut-at-1m')) bytes = bytes.subarray(0, 1_048_576);
    return reply.code(200).type('application/octet-stream').send(bytes);
  });
}
