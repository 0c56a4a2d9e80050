// A sandbox run's listeners of outbound calls, one per service having one: the public URL (the user's tunnel), the local port,
// the answer; the runner holds each port for its workers (listener-hub.ts), readiness checks it is free.
import type { ReceiverReply } from '../client/receiver.js';

/** What the suite's test issuer answers a plan notification (provider 2.0.0, notifications: 201 {status, message}). */
export const ISSUER_ANSWER: ReceiverReply = {
  status: 201,
  body: { status: 'RECEIVED', message: 'Notification received by the test issuer' },
};

interface SandboxListener {
  service: string;
  /** The variable of the local port. */
  port: string;
  /** The variable of the public URL forwarding to it: without it the service has no listener. */
  publicUrl: string;
  answer: ReceiverReply;
}

export const SANDBOX_LISTENERS: readonly SandboxListener[] = [
  { service: 'installments', port: 'INSTALLMENTS_RECEIVER_PORT', publicUrl: 'INSTALLMENTS_RECEIVER_PUBLIC_URL', answer: ISSUER_ANSWER },
  // TxPush, webhooks and report callbacks: received, nothing to say (the mock's own listener answers so too).
  { service: 'financial-data', port: 'FD_LISTENER_PORT', publicUrl: 'FD_LISTENER_PUBLIC_URL', answer: { status: 204 } },
];
