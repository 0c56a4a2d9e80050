// The services the suite knows: one entry per Playwright project. Adding a service means adding
// an entry here, a contract under schemas/, a mock under mocks/ and specs under tests/.
export interface ServiceProfile {
  /** Folder name under schemas/, mocks/ and tests/; also the Playwright project name. */
  name: string;
  title: string;
  /** .env variable holding the sandbox base URL (TARGET=sandbox). */
  sandboxBaseUrlEnv: string;
  /** Component schemas an error body must match (any of them). */
  errorSchemas: string[];
  /** Component schemas accepted for an error body with a warning (a documented inconsistency). */
  toleratedErrorSchemas?: { name: string; note: string }[];
}

export const SERVICES: ServiceProfile[] = [
  {
    name: 'card-enrollment',
    title: 'Card enrollment (seed 000)',
    sandboxBaseUrlEnv: 'CARD_BASE_URL',
    errorSchemas: ['ErrorResponse'],
    // reference/card-enrollment.md: the declared error schema is a documented inconsistency.
    toleratedErrorSchemas: [
      {
        name: 'DeclaredError',
        note: "error body in the seed's declared schema (message, reason, status int32) instead of the sample shape",
      },
    ],
  },
  {
    name: 'installments',
    title: 'Installments (seed 001; contract from reference/installments.md)',
    sandboxBaseUrlEnv: 'INSTALLMENTS_BASE_URL',
    // reference/installments.md: Errors everywhere; PlanNotifError from an issuer's /notifications.
    errorSchemas: ['Errors', 'PlanNotifError'],
  },
  {
    name: 'financial-data',
    title: 'Financial data aggregation and reporting (seed 002)',
    sandboxBaseUrlEnv: 'FD_BASE_URL',
    errorSchemas: ['Error'],
  },
];

export function serviceProfile(name: string): ServiceProfile {
  const profile = SERVICES.find((s) => s.name === name);
  if (!profile) throw new Error(`unknown service ${name}`);
  return profile;
}
