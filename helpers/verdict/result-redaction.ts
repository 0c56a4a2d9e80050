// What a run writes, redacted in one place: the first reporter (kept-worker-reporter.ts) runs this over each result before
// later reporters read it. Every reporter gets the same result, step and attachment objects (the runner's Multiplexer), which
// blob, JUnit and Allure keep or copy only on their turn, so masking in place masks everywhere: an `expect`'s message (its
// step's title), expected and received values, stack and snippet, a step's error, a check's stdout and stderr, a text
// attachment's body or file. Masked as the certification masks (helpers/secrets/redact.ts, with the sent-ledger's echoed
// values) and by the leak scan's patterns (fixtures/leak-patterns.ts, the target's secrets), known to the runner by shape.
import fs from 'node:fs';
import type { Suite, TestError, TestResult, TestStep } from '@playwright/test/reporter';
import { redactMessage } from '../secrets/redact.js';
import type { LeakPattern } from './leak-scan.js';

/** The members of an error that carry text (TestError: message, stack, snippet, value). */
const ERROR_TEXTS = ['message', 'stack', 'snippet', 'value'] as const;

/** An attachment whose body or file is text, masked like any other text. */
const TEXT_ATTACHMENT = /^(text\/|application\/(json|xml|x-ndjson|.*\+json|.*\+xml))/;
const MAX_TEXT_FILE = 32 * 1024 * 1024;

export class ResultRedaction {
  private patterns: RegExp[] = [];
  /** The attachments already masked (a result's list grows between steps; a step shares its objects). */
  private readonly masked = new WeakSet<object>();
  /** The steps whose title and params are masked, and those whose end (their error) is. */
  private readonly begun = new WeakSet<TestStep>();
  private readonly ended = new WeakSet<TestStep>();

  /** The leak scan's patterns, masked besides what helpers/secrets masks. */
  use(patterns: readonly LeakPattern[]): void {
    this.patterns = patterns.map(
      ({ pattern }) => new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
    );
  }

  text(text: string): string {
    let out = redactMessage(text);
    for (const pattern of this.patterns) out = out.replace(pattern, '[REDACTED]');
    return out;
  }

  error(error: TestError | undefined): void {
    if (!error) return;
    for (const key of ERROR_TEXTS) if (typeof error[key] === 'string') error[key] = this.text(error[key]);
    this.error(error.cause);
  }

  /** Every string of a JSON value, masked in place (a step's params: an `expect`'s expected value). */
  private json(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) value.forEach((v, i) => (value[i] = this.json(v)));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = this.json(v);
    return value;
  }

  /** A step as it begins, before the blob reporter serialises it (an `expect` step's title and params may hold values). */
  stepBegin(step: TestStep): void {
    if (this.begun.has(step)) return;
    this.begun.add(step);
    step.title = this.text(step.title);
    if (step.subtitle) step.subtitle = this.text(step.subtitle);
    if (step.params) this.json(step.params);
  }

  /**
   * A step's error (its own end, before the blob reporter serialises it), and its inner steps' that did not end (a step
   * interrupted): each step masked once, as the runner hands the same object to its begin and its end, so a step of many
   * `expect`s is not masked again at each level above it.
   */
  step(step: TestStep): void {
    if (this.ended.has(step)) return;
    this.ended.add(step);
    this.stepBegin(step);
    this.error(step.error);
    step.steps.forEach((s) => this.step(s));
  }

  /** The attachments not yet masked: a body in place, a file (Playwright copies it at the run's end) rewritten. */
  attachments(result: TestResult): void {
    for (const attachment of result.attachments) {
      if (this.masked.has(attachment)) continue;
      this.masked.add(attachment);
      if (!TEXT_ATTACHMENT.test(attachment.contentType)) continue;
      if (attachment.body) {
        const text = attachment.body.toString('utf8');
        const out = this.text(text);
        if (out !== text) attachment.body = Buffer.from(out, 'utf8');
      }
      const file = attachment.path;
      if (file && (fs.statSync(file, { throwIfNoEntry: false })?.size ?? MAX_TEXT_FILE) < MAX_TEXT_FILE) {
        const text = fs.readFileSync(file, 'utf8');
        const out = this.text(text);
        if (out !== text) fs.writeFileSync(file, out);
      }
    }
  }

  /** The output a check printed, kept by the result (JUnit's system-out, Allure's stdout attachment). */
  stdio(chunks: (string | Buffer)[]): void {
    chunks.forEach((chunk, i) => {
      if (typeof chunk === 'string') chunks[i] = this.text(chunk);
    });
  }

  /** The descriptions of a test's or a result's annotations (a check may quote an answer in one). */
  annotations(annotations: { description?: string }[]): void {
    for (const a of annotations) if (a.description) a.description = this.text(a.description);
  }

  /** Every title of a run's tree (a test made in a loop may carry a value in its title), before any reporter prints or keeps one. */
  titles(suite: Suite): void {
    for (const s of [suite, ...suite.suites]) {
      s.title = this.text(s.title);
      if (s !== suite) this.titles(s);
    }
    for (const t of suite.tests) {
      t.title = this.text(t.title);
      this.annotations(t.annotations);
    }
  }

  /** Everything a test result carries in text: run by the first reporter at the test's end. */
  result(result: TestResult): void {
    this.annotations(result.annotations);
    result.errors.forEach((e) => this.error(e));
    if (result.error && !result.errors.includes(result.error)) this.error(result.error);
    result.steps.forEach((s) => this.step(s));
    this.attachments(result);
    this.stdio(result.stdout);
    this.stdio(result.stderr);
  }
}
