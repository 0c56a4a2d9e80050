// `npm run report`: the Allure results rendered as one HTML page (allurerc.mjs) that loads nothing
// from a third-party host when opened. Allure's awesome plugin always writes a tag-manager script
// (its template's analytics block, on by default with no option to turn it off): it is taken out,
// and the page is refused when anything else would still load from another host.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run report';
const PAGE = path.resolve('reports', 'allure-report', 'index.html');

/** The page without the analytics block: its external gtag script and the inline script configuring it. */
export const withoutAnalytics = (html: string): string =>
  html
    .replace(/<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*/g, '')
    .replace(/<script>\s*window\.dataLayer[\s\S]*?gtag\('config'[\s\S]*?<\/script>\s*/g, '');

/** Every src or href of the page that loads from another host (http or https, or protocol-relative). */
export const thirdPartyLoads = (html: string): string[] =>
  [...html.matchAll(/\b(?:src|href)\s*=\s*["']((?:https?:)?\/\/[^"']+)["']/gi)].map((m) => m[1]);

export const main: CommandMain = async (argv, io) => {
  parseArgs(argv, {}, USAGE);
  const allure = path.resolve('node_modules', '.bin', 'allure');
  const run = spawnSync(allure, ['generate', 'reports/allure-results', '-c', 'allurerc.mjs', '-o', 'reports/allure-report'], {
    stdio: 'inherit',
  });
  if (run.status !== 0) return run.status ?? 1;
  if (!fs.existsSync(PAGE)) {
    io.err(`no page at ${path.relative(process.cwd(), PAGE)}: allure wrote nothing to open`);
    return 1;
  }
  const html = withoutAnalytics(fs.readFileSync(PAGE, 'utf8'));
  fs.writeFileSync(PAGE, html);
  const loads = thirdPartyLoads(html);
  if (loads.length) {
    io.err(`the report would load from another host when opened: ${loads.slice(0, 3).join(', ')}`);
    return 1;
  }
  io.out(`${path.relative(process.cwd(), PAGE)}: one page, nothing loaded from another host`);
  return 0;
};

runMain(import.meta.url, main);
