// Faults written blind (from seed 001, the provider's 2.0.0 document and the rule catalogue only, the suite unread).
import { blind, provider } from '../kit/faults.js';
import { errorItems, fault } from './fault-builders.js';

export const INDEPENDENT_58_INSTALLMENTS_FAULTS = [
  fault('i58-in-signature-refusal-recoverable-text', {
    rule: "IN-ERR-SHAPE, IN-RESP-FORMS: the 401 of a request whose OAuth signature is refused answers its error item's Recoverable as the text of the flag (a string), on that refusal path only, where provider 2.0.0 ErrorWrapper gives every error item Recoverable as a boolean",
    answer: errorItems(
      (item) => {
        if (typeof item.Recoverable === 'boolean') item.Recoverable = String(item.Recoverable);
      },
      (a) => a.status === 401,
    ),
    ...provider,
    ...blind,
  }),
  fault('i58-in-signature-refusal-source-missing', {
    rule: "IN-ERR-SHAPE: the 401 of a request whose OAuth signature is refused answers its error item without Source (the member left unset on the authentication filter's path), where provider 2.0.0 ErrorWrapper gives every error item Source, ReasonCode, Description and Recoverable",
    answer: errorItems(
      (item) => {
        delete item.Source;
      },
      (a) => a.status === 401,
    ),
    ...provider,
    ...blind,
  }),
];
