// Covers: the sandbox preflight (helpers/target/preflight.ts): which answers of a valid call and
// of an unknown path stop a service, and the one line that names the likely cause.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../../fixtures/self.js';
import { diagnose, probe, type PreflightPlan, type ProbeAnswer } from '../../helpers/target/preflight.js';

const plan = (refusal?: PreflightPlan['refusal']): PreflightPlan => ({
  service: 'x', baseUrlEnv: 'X_BASE_URL', credentials: 'X_KEY', valid: async () => ({ status: 0, text: '' }), unknown: async () => ({ status: 0, text: '' }), refusal,
});
const a = (status: number, text = ''): ProbeAnswer => ({ status, text });

test('everything 404 names the base URL variable; one operation 404 alone stops nothing', () => {
  expect(diagnose(plan(), a(404), a(404))).toBe("every operation answers 404: is X_BASE_URL the API's base path?");
  expect(diagnose(plan(), a(404), a(400))).toBeUndefined();
});

test('a refused valid call names the credentials, or what the service reads in the refusal', () => {
  expect(diagnose(plan(), a(401), a(404))).toBe('valid credentials refused (401): check X_KEY');
  expect(diagnose(plan(), a(403), a(404))).toBe('valid credentials refused (403): check X_KEY');
  const headerHint = (answer: ProbeAnswer) => (answer.text.includes('Other-Key') ? 'the target asks for Other-Key' : undefined);
  expect(diagnose(plan(headerHint), a(401, 'Missing parameter (Other-Key)'), a(404))).toBe('the target asks for Other-Key');
  expect(diagnose(plan(headerHint), a(401, 'bad credentials'), a(404))).toBe('valid credentials refused (401): check X_KEY');
});

test('a failing server and an unreachable one stop the service; a contract answer does not', () => {
  expect(diagnose(plan(), a(503), a(404))).toMatch(/^a valid call answers 503/);
  expect(diagnose(plan(), a(0, 'ECONNREFUSED'), a(0, 'ECONNREFUSED'))).toBe('cannot reach X_BASE_URL: ECONNREFUSED');
  for (const status of [200, 201, 400, 409, 422]) expect(diagnose(plan(), a(status), a(404))).toBeUndefined();
});

test('probe gives the status and body, and a network failure as status 0 with its cause (never a throw)', async () => {
  const server = http.createServer((_req, res) => res.writeHead(418).end('teapot')).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  expect(await probe(`http://127.0.0.1:${port}/x`, { method: 'GET' })).toEqual({ status: 418, text: 'teapot' });
  server.close();
  await new Promise((resolve) => server.once('close', resolve));
  const down = await probe(`http://127.0.0.1:${port}/x`, { method: 'GET' });
  expect(down.status).toBe(0);
  expect(down.text).toMatch(/ECONNREFUSED|fetch failed/);
});
