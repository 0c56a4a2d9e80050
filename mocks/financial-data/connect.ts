// connect (seed 002; issue 12): not built yet.
import type { FastifyInstance } from 'fastify';
import type { FdContext } from './middleware.js';

export function registerConnect(_app: FastifyInstance, _ctx: FdContext): void {}
