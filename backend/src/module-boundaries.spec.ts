import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * How the backend is put together, for whoever changes it next (docs/architecture.md §2.2 and §10): the staff
 * commands in cli/ sit on top of the domain modules and reach their services through Nest, and a rule or a value
 * lives in one place.
 */
const REPO = resolve(__dirname, '../..');
const BACKEND_SRC = join(REPO, 'backend/src');
const CLI = join(BACKEND_SRC, 'cli');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
}

function relativeImports(file: ts.SourceFile): string[] {
  return file.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
    statement.moduleSpecifier &&
    ts.isStringLiteral(statement.moduleSpecifier) &&
    statement.moduleSpecifier.text.startsWith('.')
      ? [statement.moduleSpecifier.text]
      : [],
  );
}

/** `value as Type` and `<Type>value`, except `as const`, with their line. */
function typeAssertions(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isAssertion =
      (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.getText(file) === 'const')) ||
      ts.isTypeAssertionExpression(node);
    if (isAssertion) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push(`${relative(REPO, file.fileName)}:${line} ${node.getText(file)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Names declared at the top level of a file (functions, classes, variables, types). */
function declaredNames(file: ts.SourceFile): string[] {
  return file.statements.flatMap((statement) => {
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    }
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement)) &&
      statement.name
    ) {
      return [statement.name.text];
    }
    return [];
  });
}

describe('backend module boundaries', () => {
  const backendFiles = sourceFiles(BACKEND_SRC);

  it('keeps the staff commands on top: no module outside cli/ imports cli/', () => {
    const upward = backendFiles
      .filter((path) => !path.startsWith(CLI + sep))
      .flatMap((path) =>
        relativeImports(parse(path))
          .filter((specifier) => resolve(dirname(path), specifier).startsWith(CLI + sep))
          .map((specifier) => `${relative(REPO, path)} imports ${specifier}`),
      );
    expect(upward).toEqual([]);
  });

  it('builds the staff commands from injected services, without type assertions', () => {
    const assertions = backendFiles
      .filter((path) => path.startsWith(CLI + sep))
      .flatMap((path) => typeAssertions(parse(path)));
    expect(assertions).toEqual([]);
  });

  it('talks to pg-boss only in queue/: elsewhere only its types are imported, and no code reaches for `.boss`', () => {
    const QUEUE = join(BACKEND_SRC, 'queue');
    const outside = backendFiles.filter((path) => !path.startsWith(QUEUE + sep));
    const valueImports = outside.flatMap((path) =>
      parse(path).statements.flatMap((statement) =>
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.moduleSpecifier.text === 'pg-boss' &&
        !statement.importClause?.isTypeOnly
          ? [relative(REPO, path)]
          : [],
      ),
    );
    const bossAccess = outside.filter((path) => /\.boss\b/.test(readFileSync(path, 'utf8')));
    expect({ valueImports, bossAccess }).toEqual({ valueImports: [], bossAccess: [] });
  });

  it('sends donation-table queries through their repositories (database/), like every other table', () => {
    const DATABASE = join(BACKEND_SRC, 'database');
    const direct = backendFiles
      .filter((path) => !path.startsWith(DATABASE + sep))
      .filter((path) =>
        /\.(donation|donationPayment|donorEmail|stripeEvent)\.(find|create|update|delete|count|group|upsert|aggregate)/.test(
          readFileSync(path, 'utf8'),
        ),
      )
      .map((path) => relative(REPO, path));
    expect(direct).toEqual([]);
  });

  it('defines each status list, the euro formatter and the database-unavailable error once', () => {
    const files = [
      ...backendFiles,
      ...sourceFiles(join(REPO, 'contracts/src')),
      ...sourceFiles(join(REPO, 'frontend/src')).filter((path) => !path.includes(`${sep}test${sep}`)),
    ];
    const names = ['EMAIL_STATUSES', 'DONATION_STATUSES', 'PAYMENT_STATUSES', 'formatEuro', 'DatabaseUnavailableError'];
    const definedIn = Object.fromEntries(names.map((name) => [name, [] as string[]]));
    for (const path of files) {
      for (const name of declaredNames(parse(path))) definedIn[name]?.push(relative(REPO, path));
    }
    const notOnce = Object.fromEntries(Object.entries(definedIn).filter(([, where]) => where.length !== 1));
    expect(notOnce).toEqual({});
  });
});
