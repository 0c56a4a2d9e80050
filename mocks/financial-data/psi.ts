// Psi (seed 002): to be written (issue 10). Registered by index.ts; reads and changes the linked
// data of mocks/financial-data/portfolio.ts through ctx.state.
import type { FastifyInstance } from 'fastify';
import type { FdContext } from './middleware.js';

export function registerPsi(_app: FastifyInstance, _ctx: FdContext) {}
