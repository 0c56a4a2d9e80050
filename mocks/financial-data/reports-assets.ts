// reports-assets (seed 002; issue 11): not built yet.
import type { FastifyInstance } from 'fastify';
import type { FdContext } from './middleware.js';

export function registerReportsAssets(_app: FastifyInstance, _ctx: FdContext): void {}
