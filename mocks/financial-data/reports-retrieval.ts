// reports-retrieval (seed 002; issue 11): not built yet.
import type { FastifyInstance } from 'fastify';
import type { FdContext } from './middleware.js';

export function registerReportsRetrieval(_app: FastifyInstance, _ctx: FdContext): void {}
