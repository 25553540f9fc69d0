// The documented build step that applies the foundation's facts (docs/configuration.md, "The foundation's facts"):
// reads FOUNDATION_FILE (default: foundation.json at the repository root), checks every field (the IBAN's check
// digits, the RSIN's eleven-test, KvK's eight digits, addresses, links) and writes the values, unchanged, to
// contracts/src/foundation.generated.json, which contracts (and through it the prerendered pages, the emails and
// the statements) import. A bad value stops the build with one line per field. Run by `npm run build -w contracts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { exampleFactFields, foundationFactProblems } = await import(resolve(root, 'contracts/src/foundation-facts.ts'));

const source = resolve(root, process.env.FOUNDATION_FILE?.trim() || 'foundation.json');
const target = resolve(root, 'contracts/src/foundation.generated.json');

let facts;
try {
  facts = JSON.parse(readFileSync(source, 'utf8'));
} catch (error) {
  console.error(`The foundation's facts cannot be read from ${source}: ${error.message}`);
  process.exit(1);
}
const problems = foundationFactProblems(facts);
if (problems.length > 0) {
  console.error(`The foundation's facts in ${source} are not valid:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}
// Only the fields of the type, in its order: a stray key in the file never reaches the bundle.
const { name, shortName, kvk, rsin, iban, bic, address, emails, social, documents } = facts;
const { policyPlanYear, annualReportYear, builderCredit } = facts;
const output = `${JSON.stringify(
  {
    name,
    shortName,
    kvk,
    rsin,
    iban,
    bic,
    address,
    emails,
    social,
    documents,
    policyPlanYear,
    annualReportYear,
    builderCredit,
  },
  null,
  2,
)}\n`;
let previous = '';
try {
  previous = readFileSync(target, 'utf8');
} catch {
  // first build
}
if (previous !== output) writeFileSync(target, output);
const examples = exampleFactFields(facts);
if (examples.length > 0) {
  console.log(
    `The foundation's facts from ${source} are the shipped examples (${examples.length} fields): fine for development; production refuses to start with them.`,
  );
}
