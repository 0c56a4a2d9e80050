// Covers: every operation whose 200 is offered in several media types (media-types.ts: the single-report
// readers, JSON or PDF, seed 002 Report retrieval; the v1 statement's application/octet-stream, provider
// 1.35.0), read in each: the object reads the same (FD-PROP-MEDIA-SAME). And RFC 9110 12.5.1 negotiation
// (FD-PROP-ACCEPT, negotiation.ts) and every valid request media form (FD-PROP-BODY-MEDIA, request-media.ts).
import { changesLinkedCustomer, expect, mockOnly, rules, test, type OperationClient } from '../../fixtures/financial-data.js';
import type { ApiResponse, CallOptions } from '../../helpers/client/client.js';
import {
  MEDIA_SAME,
  formOf,
  mediaReadersOf,
  stableLeaves,
  textFormProblems,
  textFormsDiffer,
  type MediaReader,
} from '../../helpers/client/invariants/media-types.js';
import { leavesOf } from '../../helpers/client/invariants/kit.js';
import {
  ACCEPT,
  acceptFormsOf,
  acceptProblem,
  judgeAccept,
  negotiatedOf,
  type Negotiated,
} from '../../helpers/client/invariants/negotiation.js';
import { BODY_MEDIA, bodyMediaOf, checkBodyMedia } from '../../helpers/client/invariants/request-media.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { newReport, reportOwner } from './reports-retrieval.known.js';
import { sampleOrReason } from './records.known.js';
import { FD_CONTRACT } from './security.known.js';
import { withLiveSubscription } from './live-subscription.known.js';
import { countRule, tally } from '../shared/property.js';
import { validAcceptedRule } from '../../helpers/contract/rules.js';

const READERS = mediaReadersOf(FD_CONTRACT);
const withJson = READERS.filter((r) => r.mediaTypes.some((t) => /json$/.test(t)));
const withoutJson = READERS.filter((r) => !withJson.includes(r));

const read = (fdApi: OperationClient, r: MediaReader, call: CallOptions, mediaType: string): Promise<ApiResponse> =>
  fdApi.callOperation(r.operation, { ...call, headers: { ...call.headers, accept: mediaType } });

function count(checked: Set<string>, exceptions: PropertyException[], otherCheck: readonly MediaReader[], otherReason: string) {
  countRule(MEDIA_SAME, 'FD-PROP-MEDIA-SAME', {
    applies: READERS.map((r) => r.operation.operationId),
    checked: [...checked],
    exceptions: [...exceptions, ...otherCheck.map((r) => ({ operationId: r.operation.operationId, reason: otherReason }))],
  });
}

test(
  'every reader offering JSON and another media type shows the same facts in each, in progress and finished (the reports: JSON and PDF)',
  rules('FD-PROP-MEDIA-SAME'),
  async ({ fdApi, fd, fdEntities, createCustomer, pollReport }) => {
    const m = { fd, fdApi, fdEntities, createCustomer };
    const who = await reportOwner(m);
    const report = await newReport(m, who.customerId, 'voa');
    const ids: Record<string, string> = { ...who, reportId: report.id };
    const violations = new Violations(MEDIA_SAME);
    const checked = new Set<string>();
    const exceptions = new Map<string, string>();
    const readAll = async (state: string) => {
      for (const r of withJson) {
        const op = r.operation.operationId;
        const sampled = sampleOrReason(op, fd, fdEntities);
        if (typeof sampled === 'string') {
          exceptions.set(op, sampled);
          continue;
        }
        // The report the check made, in place of the sample's: every path id named as the report's owners name it.
        const call: CallOptions = { ...sampled, path: { ...sampled.path } };
        for (const p of r.operation.parameters) if (p.in === 'path' && ids[p.name] !== undefined) call.path![p.name] = ids[p.name];
        const jsonType = r.mediaTypes.find((t) => /json$/.test(t))!;
        for (const other of r.mediaTypes.filter((t) => t !== jsonType)) {
          const first = await read(fdApi, r, call, jsonType);
          const res = await read(fdApi, r, call, other);
          const again = await read(fdApi, r, call, jsonType);
          if (![first, res, again].every((x) => String(x.status) === r.status)) {
            // A form refused or missing is the format rule's finding (FD-REPORT-READ-FORMAT), not this property's.
            exceptions.set(
              op,
              `its reads answered ${first.status}, ${res.status} (${other}) and ${again.status}, not the ${r.status} the forms are compared on`,
            );
            continue;
          }
          const stable = stableLeaves(first.body, again.body);
          const form = formOf(res);
          const schema = r.operation.responses[r.status].schemas[jsonType];
          const problems =
            'json' in form
              ? [...stable].flatMap((at) => {
                  const theirs = leavesOf(form.json).get(at);
                  const mine = leavesOf(first.body).get(at);
                  return theirs === undefined || theirs === mine
                    ? []
                    : [`${at}: ${JSON.stringify(mine)} in JSON, ${JSON.stringify(theirs)} in the ${other} read`];
                })
              : textFormProblems(FD_CONTRACT, schema, first.body, stable, form.text);
          for (const p of problems)
            violations.add(
              op,
              `${state} report ${report.id}, ${jsonType} against ${other} (received ${form.mediaType})`,
              p,
              'the same fact in every media type (seed 002, Report retrieval: the Accept header selects JSON or PDF of the same report)',
            );
          checked.add(op);
          exceptions.delete(op);
        }
      }
    };
    if (fd.control) await readAll('in progress');
    const { final } = await pollReport({ id: report.id, customerId: who.customerId });
    expect(['success', 'failure'], 'the report ends').toContain(final.body.status);
    await readAll(`finished (${final.body.status})`);
    count(
      checked,
      [...exceptions].filter(([op]) => !checked.has(op)).map(([operationId, reason]) => ({ operationId, reason })),
      withoutJson,
      'offers no JSON form: read by this spec\u2019s check of forms that are all documents',
    );
    violations.expectNone();
  },
);

test(
  'every reader offering its document in more than one media type gives the same text in each (the v1 statement: PDF and octet stream)',
  rules('FD-PROP-MEDIA-SAME'),
  async ({ fdApi, fd, fdEntities, linkedCustomer }) => {
    expect(linkedCustomer.customerId, 'the linked customer whose statements are read').toBeTruthy();
    const violations = new Violations(MEDIA_SAME);
    const checked = new Set<string>();
    const exceptions: PropertyException[] = [];
    for (const r of withoutJson) {
      const op = r.operation.operationId;
      const call = sampleOrReason(op, fd, fdEntities);
      if (typeof call === 'string') {
        exceptions.push({ operationId: op, reason: call });
        continue;
      }
      const [firstType, ...others] = r.mediaTypes;
      const first = await read(fdApi, r, call, firstType);
      const again = await read(fdApi, r, call, firstType);
      const a = formOf(first);
      const b = formOf(again);
      if (String(first.status) !== r.status || String(again.status) !== r.status || !('text' in a) || !('text' in b)) {
        exceptions.push({ operationId: op, reason: `its ${firstType} reads answered ${first.status} and ${again.status}` });
        continue;
      }
      if (textFormsDiffer(a.text, b.text).length) {
        exceptions.push({ operationId: op, reason: `two ${firstType} reads of one document differ (it is rendered afresh per read)` });
        continue;
      }
      for (const other of others) {
        const res = await read(fdApi, r, call, other);
        const form = formOf(res);
        if (String(res.status) !== r.status || !('text' in form)) {
          exceptions.push({ operationId: op, reason: `its ${other} read answered ${res.status} ${form.mediaType}` });
          continue;
        }
        const pdfs = [first, res].every((x) => x.bytes.subarray(0, 5).toString('latin1') === '%PDF-');
        if (!pdfs) {
          exceptions.push({
            operationId: op,
            reason: `its ${firstType} and ${other} forms are not both PDF documents, the one format whose text the check reads`,
          });
          continue;
        }
        for (const p of textFormsDiffer(a.text, form.text))
          violations.add(
            op,
            `statement of account ${String(call.path?.accountId)}, ${firstType} against ${other}`,
            p,
            'one document in every media type the contract offers (seed 002, Statements; provider 1.35.0)',
          );
        checked.add(op);
      }
    }
    count(
      checked,
      exceptions.filter((e) => !checked.has(e.operationId)),
      withJson,
      'offers a JSON form: read by this spec\u2019s check of JSON against the other forms',
    );
    violations.expectNone();
  },
);

// RFC 9110 section 12.5.1 on every operation declaring an answer media type (seed 002, Errors 406 PSI
// operations; Report retrieval): reads only, on each sample call.
const NEGOTIATED = negotiatedOf(FD_CONTRACT);
const isRead = (n: Negotiated) => n.operation.method === 'GET' || n.offered.length > 1;

test(
  'every operation serves the media type each Accept selects (case, parameters, lists, wildcards, q), and 406 where none is admitted',
  // Its live reads (GetAvailableBalanceLive) refresh the linked customer: on a sandbox the fixture holds it alone.
  changesLinkedCustomer(rules('FD-PROP-ACCEPT')),
  async ({ fdApi, fd, fdEntities, linkedCustomer: _heldAlone }) => {
    const violations = new Violations(ACCEPT);
    const checked: string[] = [];
    const exceptions: PropertyException[] = NEGOTIATED.filter((n) => !isRead(n)).map((n) => ({
      operationId: n.operation.operationId,
      reason: 'a write: its valid call is not repeated once per Accept form (a guest writes no more than its checks need)',
    }));
    for (const n of NEGOTIATED.filter(isRead)) {
      const op = n.operation.operationId;
      if (n.billable && !fd.control) {
        exceptions.push({ operationId: op, reason: 'billable per call (x-billable): read once per Accept form on the mock only' });
        continue;
      }
      let call = sampleOrReason(op, fd, fdEntities);
      if (typeof call === 'string') {
        exceptions.push({ operationId: op, reason: call });
        continue;
      }
      const forms = acceptFormsOf(n.offered);
      const readWith = (c: CallOptions, accept: string) => fdApi.callOperation(n.operation, { ...c, headers: { ...c.headers, accept } });
      let first = await readWith(call, forms[0].accept);
      // A reader of what a POST of its parent path makes whose sample names nothing here reads an object of the check's own (mock only).
      const made = /^(.*)\/\{(\w+)\}$/.exec(n.operation.path);
      const creator = made && [...FD_CONTRACT.operations.values()].find((o) => o.method === 'POST' && o.path === made[1]);
      const creatorCall = creator && sampleOrReason(creator.operationId, fd, fdEntities);
      if (!/^2/.test(String(first.status)) && made && creator && fd.control && creatorCall && typeof creatorCall === 'object') {
        const form = forms.find((f) => f.accept.includes(';')) ?? forms[0];
        const res = await fdApi.callOperation(creator, { ...creatorCall, headers: { ...creatorCall.headers, accept: form.accept } });
        const id = (res.body as Record<string, unknown> | undefined)?.[made[2]];
        const written = NEGOTIATED.find((w) => w.operation === creator);
        const problem = written ? acceptProblem(written, form, res) : undefined;
        if (written) checked.push(creator.operationId);
        if (problem)
          violations.add(
            creator.operationId,
            `Accept: ${form.accept} (${form.how}), making the object ${op} reads`,
            problem,
            `${form.allowed.join(' or ')} (RFC 9110 12.5.1; the contract's ${written!.status} media types)`,
          );
        else if (id !== undefined) {
          call = { ...call, path: { ...creatorCall.path, [made[2]]: String(id) } };
          first = await readWith(call, forms[0].accept);
        }
      }
      // The first form is the first offered type alone: a sample not served here (a 429) is no finding of negotiation.
      if (!/^2/.test(String(first.status))) {
        exceptions.push({ operationId: op, reason: `its sample answered ${first.status} with Accept ${forms[0].accept}` });
        continue;
      }
      for (const form of forms) {
        const res = form === forms[0] ? first : await readWith(call, form.accept);
        if (res.status === 429) continue;
        judgeAccept(violations, n, form, res);
      }
      checked.push(op);
    }
    countRule(ACCEPT, 'FD-PROP-ACCEPT', {
      applies: NEGOTIATED.map((n) => n.operation.operationId),
      checked,
      exceptions: exceptions.filter((e) => !checked.includes(e.operationId)),
    });
    violations.expectNone();
  },
);

const APP_REGISTRATION_WRITERS = new Set(['RegisterApp', 'ModifyAppRegistration']);

// RFC 9110 section 8.3.1 on the request side (request-media.ts): each other form of the declared type
// (application/json, seed 002) answered as the plain form, text/plain with a documented 4xx; and each valid body once in chunked
// transfer coding, answered as with Content-Length (RFC 9112 section 6.1; FD-VALID-ACCEPTED, seed 002).
test(
  'every operation taking a body answers it in every valid form of its media type as in the plain form, and refuses another type only as documented @mock-only',
  mockOnly(
    rules('FD-PROP-BODY-MEDIA', 'FD-VALID-ACCEPTED'),
    "sends every writer's valid call once per form of its media type (the prepared linked customer's refreshes and the partner's secret among them): writes a sandbox's other workers would read, which the mock keeps per worker",
  ),
  async ({ fdApi, fd, fdEntities, appKeyOnly, fdMock }) => {
    void fdMock;
    const { violations, checked, exceptions, file } = tally(BODY_MEDIA);
    const applies: string[] = [];
    let sent = 0;
    // The operations under a webhook subscription name one of the check's own (the sample's names none here).
    const callOf = await withLiveSubscription(fdApi, fd, fdEntities, appKeyOnly);
    for (const b of bodyMediaOf(FD_CONTRACT)) {
      const op = b.operation;
      applies.push(op.operationId);
      if (APP_REGISTRATION_WRITERS.has(op.operationId)) {
        file(
          op.operationId,
          'a registration the mock holds pending is approved when read on a later clock: each one its forms wrote would move the dates records.event-dates.spec.ts reads in the same worker',
        );
        continue;
      }
      // A fresh sample per call: a create takes a new unique name each time (a customer's username).
      const fresh = () => callOf(op);
      const done = await checkBodyMedia(fdApi, b, fresh, violations, { chunkedRule: validAcceptedRule('financial-data') });
      sent += done.sent;
      file(op.operationId, done.leftOut);
    }
    countRule(BODY_MEDIA, 'FD-PROP-BODY-MEDIA', { applies, checked, exceptions });
    expect(sent, 'calls sent').toBeGreaterThan(0);
    violations.expectNone();
  },
);
