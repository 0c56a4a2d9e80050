// A refused request leaves no trace (<S>-PROP-REFUSED-NO-TRACE, helpers/client/invariants/refused-trace.ts):
// the count every service's check ends with, once its probes were sent.
import { test } from '@playwright/test';
import { REFUSED_NO_TRACE } from '../../helpers/client/invariants/refused-trace.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { countRule } from './property.js';
import { type TraceProbe } from '../../helpers/client/invariants/refusals.js';

/** Notes the refusals not set up and those sent by reason, leaves out writers with none refused, and counts the property. */
export function countRefusedNoTrace(
  rule: string,
  {
    writers,
    methods,
    also = [],
    probes,
    checked,
    sent,
    unproduced,
    exceptions,
  }: {
    writers: readonly { writer: { operationId: string } }[];
    /** The method reason's probes and the paths it leaves out (methodProbesOf). */
    methods: { probes: readonly TraceProbe[]; leftOut: readonly PropertyException[] };
    /** Other operations it applies to (a reader's stated rate). */
    also?: readonly string[];
    probes: readonly TraceProbe[];
    checked: string[];
    sent: Map<string, number>;
    unproduced: string[];
    exceptions: PropertyException[];
  },
): void {
  const note = (type: string, description: string) => test.info().annotations.push({ type, description });
  note('documented refusals whose condition the harness cannot set up', unproduced.join('; ') || 'none');
  note('refusals sent and refused, by reason', [...sent].map(([k, n]) => `${k} ${n}`).join(', '));
  for (const p of probes)
    if (!checked.includes(p.writer.operationId))
      exceptions.push({ operationId: p.writer.operationId, reason: 'none of its refusals was refused' });
  // A writer with no reader of its own may be checked by another reason (the readers of the object it was sent on).
  const applies = [
    ...writers.map((w) => w.writer.operationId),
    ...methods.probes.map((p) => p.writer.operationId),
    ...methods.leftOut.map((e) => e.operationId),
    ...also,
  ];
  countRule(REFUSED_NO_TRACE, rule, { applies, checked, exceptions: exceptions.filter((e) => !checked.includes(e.operationId)) });
}
