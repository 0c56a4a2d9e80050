// Allure's Playwright reporter with a plain file writer: its own makes each of about 10,000 files a run durable (temp file,
// fsync, rename), most of its cost, for a folder rewritten every run and read after it (`npm run report`). Redacted as every
// report: messages by the runner's redaction, every text by the values a target echoed (helpers/secrets/sent-ledger.ts).
import fs from 'node:fs';
import path from 'node:path';
import { AllureReporter } from 'allure-playwright';
import type { TestResult, TestResultContainer } from 'allure-js-commons';
import { FileSystemWriter } from 'allure-js-commons/sdk/reporter';
import { redactMessage } from '../secrets/redact.js';
import { echoedCount, echoedOutOf, withoutEchoed } from '../secrets/sent-ledger.js';

const TEXT = /\.(json|txt|md|html|xml|log)$/;

/** Every `message` and `trace` of a result (its own and its steps') through the runner's redaction. */
function redactedResult<T>(value: T): T {
  const walk = (v: unknown, key?: string): unknown =>
    typeof v === 'string'
      ? key === 'message' || key === 'trace'
        ? redactMessage(v)
        : v
      : Array.isArray(v)
        ? v.map((x) => walk(x))
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]))
          : v;
  return echoedOutOf(walk(value) as T);
}

class PlainWriter extends FileSystemWriter {
  private readonly dir: string;
  private made = false;

  constructor(resultsDir: string) {
    super({ resultsDir });
    this.dir = resultsDir;
  }

  private file(name: string): string {
    if (!this.made) fs.mkdirSync(this.dir, { recursive: true });
    this.made = true;
    return path.join(this.dir, name);
  }

  override writeAttachment(name: string, content: Buffer): void {
    fs.writeFileSync(this.file(name), echoedCount() && TEXT.test(name) ? withoutEchoed(content.toString('utf8'), '[REDACTED]') : content);
  }

  override writeAttachmentFromPath(name: string, from: string): void {
    if (echoedCount() && TEXT.test(name)) fs.writeFileSync(this.file(name), withoutEchoed(fs.readFileSync(from, 'utf8'), '[REDACTED]'));
    else fs.copyFileSync(from, this.file(name));
  }

  override writeResult(result: TestResult): void {
    fs.writeFileSync(this.file(`${result.uuid}-result.json`), JSON.stringify(redactedResult(result)), 'utf8');
  }

  override writeGroup(result: TestResultContainer): void {
    fs.writeFileSync(this.file(`${result.uuid}-container.json`), JSON.stringify(result), 'utf8');
  }
}

type Options = ConstructorParameters<typeof AllureReporter>[0] & { resultsDir?: string };

export default class PlainAllureReporter extends AllureReporter {
  private readonly resultsDir: string;

  constructor(options: Options) {
    super(options);
    this.resultsDir = options.resultsDir ?? 'allure-results';
  }

  override onBegin(...args: Parameters<AllureReporter['onBegin']>): void {
    super.onBegin(...args);
    (this as unknown as { allureRuntime: { writer: FileSystemWriter } }).allureRuntime.writer = new PlainWriter(this.resultsDir);
  }
}
