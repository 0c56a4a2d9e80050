// Covers: every value sent comes back as sent (CE-PROP-ECHO-AS-SENT; helpers/client/invariants/echo.ts) on putCard, both
// paths, every source (seed 000, Origin), each valid form accepted (CE-VALID-FORMS). No reader (reference/card-enrollment.md).
import { ENROLLMENT_PATHS, exampleCard, expect, lacksPathData, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import { type CardPlain, panOfLength } from '../../fixtures/examples/card-enrollment.js';
import { type WriteProbe, writeThenRead } from '../../helpers/client/invariants/after-write.js';
import { conflictsInForce } from '../../helpers/contract/conflicts.js';
import {
  checkEchoAsSent,
  checkRequiredShown,
  coveringRows,
  ECHO_AS_SENT,
  JOINERS,
  mirroredForms,
  requiredPaths,
  schemaPaths,
  tellingBody,
  withForms,
} from '../../helpers/client/invariants/echo.js';
import { VALID_FORMS } from '../../helpers/client/invariants/type-forms.js';
import { writersOfContract } from '../../helpers/client/invariants/kit.js';
import { expectNone, Violations } from '../../helpers/client/security/probe.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { withSource } from './sources.known.js';
import { countRule, noteCoverage } from '../shared/property.js';
import { resolve } from '../../helpers/contract/schema-walk.js';

/** A sensitive member, the encrypted card, or an id the target must know (the client, the program, a receipt): never made to tell. */
const kept = (path: string) =>
  kindOfKey(path.split('.').at(-1)!) !== undefined || /encrypt|srcClientId|serviceId|enrolmentReference/i.test(path);

/** What a row sends as sampled; of the sensitive values only the card number takes its forms (seed 000, Card), never compared. */
const keptInForms = (path: string) => path === 'cardSource' || (kept(path) && path !== 'card.primaryAccountNumber');

/** A card number of another length from the sample's bin, its check digit completed (reference A3). */
const completed = (path: string, value: unknown) =>
  path === 'card.primaryAccountNumber' && typeof value === 'string' ? panOfLength(value.length, value.slice(0, 6)) : value;

test(
  'every value an enrollment is sent comes back as sent wherever its answer shows it, on every path and source in every valid form @assumption',
  rules('CE-PROP-ECHO-AS-SENT', 'CE-VALID-FORMS@card', 'CE-VALID-FORMS@receipt'),
  async ({ card, cardApi, cards, cardRequestContract }) => {
    const writers = writersOfContract(cardApi.contract);
    const validate = (op: string) => cardApi.contract.requestValidatorOf(op)!;
    const cardSchema = cardRequestContract.componentSchema('Card');
    const cardValid = cardRequestContract.validator('echo:Card', cardSchema);
    const probes: (WriteProbe & { cell: string; hows: string[] })[] = [];
    const cells: string[] = [];
    const leftOut: { operationId: string; reason: string }[] = [];
    // The card each card-path body carries sealed (seed 000, encryptedCard): its members are sent too.
    const sealedCards = new Map<string, CardPlain>();
    /** The forms each path's rows meet for every source, for the annotation. */
    const formsMet: string[] = [];
    for (const writer of writers) {
      const valid = (b: unknown) => Boolean(validate(writer.operationId)(b));
      const answerPaths = schemaPaths(cardApi.contract, writer.responses['200']?.schema);
      // Every Origin value and the request naming none (seed 000, Origin: cardSource is not required).
      const sources: (string | undefined)[] = [
        ...(resolve(cardRequestContract, resolve(cardRequestContract, writer.requestBody?.schema).properties?.cardSource).enum ?? []),
        undefined,
      ];
      for (const path of ENROLLMENT_PATHS) {
        const pathCells = sources.map((source) => `${writer.operationId} (${path}, ${source ?? 'no cardSource'})`);
        cells.push(...pathCells);
        if (lacksPathData(card, path)) {
          leftOut.push(...pathCells.map((operationId) => ({ operationId, reason: NO_RECEIPT })));
          continue;
        }
        // The forms of each mirrored member, from the path's sample (its body, and on the card path the card sealed in it).
        const sample = await cards.on(path);
        const bodyGroups = mirroredForms(cardRequestContract, writer.requestBody?.schema, sample, answerPaths, {
          keep: keptInForms,
          valid,
        });
        const cardGroups =
          path === 'card'
            ? mirroredForms(cardRequestContract, cardSchema, exampleCard(), answerPaths, {
                keep: keptInForms,
                valid: (c) => Boolean(cardValid(c)),
                fix: completed,
                prefix: 'card',
              })
            : [];
        formsMet.push(
          `${path}: ${[...bodyGroups, ...cardGroups]
            .map((g) =>
              g
                .slice(1)
                .map((f) => f.how)
                .join(', '),
            )
            .join('; ')}`,
        );
        for (const [c, source] of sources.entries())
          for (const [n, row] of coveringRows([...bodyGroups, ...cardGroups]).entries()) {
            // The card's forms go into the card before it is sealed; the body's into the body.
            const ofCard = row.slice(bodyGroups.length);
            const plainCard = withForms(exampleCard(n % 2 ? { panExpirationMonth: '12' } : {}), ofCard, (x) => Boolean(cardValid(x)));
            const base: Record<string, any> = withSource(await cards.on(path, plainCard.body as CardPlain), source);
            if (path === 'card') sealedCards.set(base.encryptedCard, plainCard.body as CardPlain);
            const formed = withForms(base, row.slice(0, bodyGroups.length), valid);
            const set = new Set(row.flatMap((f) => f.set.map(([at]) => at)));
            // Made to tell around the forms, each row's prefix joined by the next of JOINERS (a target may keep one separator and rewrite the other).
            const body = tellingBody(
              formed.body,
              valid,
              (p) => kept(p) || set.has(p) || p === 'cardSource',
              JOINERS[(c + n) % JOINERS.length],
            );
            probes.push({ writer, call: { body }, cell: pathCells[c], hows: [...plainCard.hows, ...formed.hows] });
          }
      }
    }
    const outcomes = await writeThenRead(cardApi, probes);
    const echo = new Violations(ECHO_AS_SENT);
    const forms = new Violations(VALID_FORMS);
    const accepted = new Set<string>();
    for (const o of outcomes) {
      const p = o.probe as (typeof probes)[number];
      if (typeof o.status === 'number' && o.status >= 200 && o.status < 300) accepted.add(p.cell);
      else
        forms.add(
          p.writer.operationId,
          `${p.cell}: ${p.hows.join('; ') || 'its telling values'}`,
          String(o.status),
          'a 2xx: the contract allows these forms',
        );
    }
    // One outcome at a time, so each violation names the path and source of its row.
    const checked = outcomes.flatMap((o) => {
      const before = echo.list.length;
      const done = checkEchoAsSent([o], echo, kept, (x) => {
        const sealed = sealedCards.get((x.probe.call.body as Record<string, string>).encryptedCard);
        return sealed && { card: sealed };
      });
      for (const v of echo.list.slice(before)) v.object = `${(o.probe as (typeof probes)[number]).cell}, ${v.object}`;
      return done;
    });
    // Every required member one row of a path shows, every row of that path shows (each source, each form).
    for (const writer of writers) {
      const required = requiredPaths(cardApi.contract, writer.responses['200']?.schema);
      const providerAbsent = conflictsInForce('card-enrollment')
        .filter((c) => c.answers?.absent && c.answers.operations.includes(writer.operationId))
        .map((c) => c.answers!.at.replace(/^\//, '').replace(/\//g, '.'));
      for (const path of ENROLLMENT_PATHS) {
        const rows = outcomes
          .map((o) => ({ o, p: o.probe as (typeof probes)[number] }))
          .filter(
            ({ o, p }) => p.writer === writer && p.cell.includes(`(${path},`) && o.answer && typeof o.status === 'number' && o.status < 300,
          )
          .map(({ o, p }) => ({ where: `${p.cell}: ${p.hows.join('; ') || 'its telling values'}`, answer: o.answer }));
        checkRequiredShown(writer.operationId, rows, required, providerAbsent, echo);
      }
    }
    const notAccepted = (cell: string) => ({ operationId: cell, reason: `no row of it answered 2xx (${VALID_FORMS} lists each)` });
    const open = cells.filter((cell) => !accepted.has(cell) && !leftOut.some((l) => l.operationId === cell));
    countRule(ECHO_AS_SENT, 'CE-PROP-ECHO-AS-SENT', {
      applies: [...writers.map((w) => w.operationId), ...cells],
      checked: [...checked, ...accepted],
      exceptions: [
        ...(checked.length
          ? []
          : writers.map((w) => ({ operationId: w.operationId, reason: `its sample answered ${outcomes[0]?.status}` }))),
        ...leftOut,
        ...open.map(notAccepted),
      ],
    });
    countRule(VALID_FORMS, 'CE-VALID-FORMS', {
      applies: cells,
      checked: [...accepted],
      exceptions: [...leftOut, ...open.map(notAccepted)],
    });
    noteCoverage(
      `echo as sent in every valid form: ${probes.length} enrollments over ${cells.length - leftOut.length} paths x sources; left out: ${leftOut.map((l) => `${l.operationId}: ${l.reason}`).join('; ') || 'none'}`,
    );
    test.info().annotations.push({ type: 'mirrored-forms', description: formsMet.join('\n') });
    expect(probes.length, 'enrollments sent').toBeGreaterThan(0);
    expectNone([forms, echo]);
  },
);
