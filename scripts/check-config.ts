// First step of `npm test` (before typecheck and lint): the configuration (.env and the
// environment) read and validated, and MOCK_FAULTS checked against the catalogues of every mock,
// so that a typo is one line within a second, not a green run that switched nothing on.
import { exitOnConfigError, suiteConfig } from '../helpers/config/config.js';
import { unknownFaultsMessage } from '../mocks/index.js';

const settings = exitOnConfigError(() => suiteConfig());
const problem = unknownFaultsMessage(settings.mockFaults);
if (problem) {
  console.error(`configuration error: ${problem}`);
  process.exit(2);
}
