// The little of newman's library API (6.2) and of the postman-collection SDK objects its events
// carry that the replay uses (tools/replay/run.ts); newman ships no type declarations.
declare module 'newman' {
  import type { EventEmitter } from 'node:events';
  import type { Agent } from 'node:http';

  export interface SdkEvent {
    listen: string;
    script?: { exec?: string[] | string };
  }

  export interface SdkItem {
    id: string;
    name: string;
    parent(): SdkItem | undefined;
    events: { listeners(name: string): SdkEvent[] };
    request: SdkRequest;
  }

  export interface SdkRequest {
    method: string;
    url: { toString(): string; variables?: { all(): { key: string; value: unknown }[] } };
    headers: { toObject(excludeDisabled?: boolean): Record<string, string> };
    body?: { mode?: string; raw?: string; toString(): string };
  }

  export interface SdkResponse {
    code: number;
    text(): string;
  }

  export interface VariableScope {
    get(key: string): unknown;
    set(key: string, value: unknown): void;
  }

  export interface RunOptions {
    collection: unknown;
    environment?: unknown;
    globals?: unknown;
    reporters?: string[];
    timeoutRequest?: number;
    timeoutScript?: number;
    requestAgents?: { http?: Agent; https?: Agent };
  }

  export interface RunSummary {
    environment: VariableScope;
    globals: VariableScope;
  }

  export interface NewmanRun extends EventEmitter {
    summary: RunSummary;
  }

  export function run(options: RunOptions, callback?: (error: Error | null, summary: RunSummary) => void): NewmanRun;
}
