import { exampleFactFields, foundationFactProblems, type FoundationFacts } from '@stichting/contracts';
import { isLoopbackHost } from './published-secrets';

/**
 * What the server refuses of the foundation's facts (foundation.json, built into the site; docs/configuration.md,
 * "The foundation's facts"): in any mode a value that fails the checks (the build refuses them too, so only a
 * hand-edited build reaches this); in production, the shipped examples, all named in one line, so no deployment goes
 * live with example bank details or registration numbers. Only a production build served at this machine's own
 * address (127.0.0.1, ::1 or localhost: the tests of the production build) may keep the examples.
 */
export function foundationRefusals(
  facts: FoundationFacts,
  { production, publicBaseUrl }: { production: boolean; publicBaseUrl: string },
): string[] {
  const problems = foundationFactProblems(facts).map((problem) => `foundation.json ${problem}`);
  if (!production || isLoopbackHost(hostOf(publicBaseUrl))) return problems;
  const examples = exampleFactFields(facts);
  if (examples.length > 0) {
    problems.push(
      `The foundation's facts are still the shipped examples: ${examples.join(', ')}. Write the real ones in foundation.json and build again (docs/configuration.md, "The foundation's facts")`,
    );
  }
  return problems;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
