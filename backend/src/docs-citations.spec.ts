import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';

/**
 * Code and docs cite the design documents by section (`docs/architecture.md §4.3`, docs/architecture.md §10.3). A
 * section that was renumbered, moved or removed leaves such a citation pointing at nothing, and a reader who follows
 * it finds another subject or no heading at all. This test reads every tracked text file and fails on a citation
 * whose document does not exist or has no heading starting with that section number (`## §4 …`, `### §4.3 …`).
 */
const REPO = resolve(__dirname, '../..');

/** Never text, or not ours: skipped without reading. */
const SKIPPED_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.ico',
  '.pdf',
  '.woff',
  '.woff2',
]);
const skipped = (path: string): boolean =>
  path.split('/').includes('node_modules') ||
  path.endsWith('package-lock.json') ||
  SKIPPED_EXTENSIONS.has(extname(path).toLowerCase());

/** A document path as code writes it; the section numbers that belong to it are read from the text after it. */
const DOCUMENT = /docs\/([a-z0-9][a-z0-9.-]*\.md)/g;
const SECTION = /§(\d+(?:\.\d+)*)/g;
/** Sections right after the path, also after a closing backtick: "§2", "§2.1", "§2, §4", "§1/§9". */
const CHAIN = /^[`,:]*\s*§\d+(?:\.\d+)*(?:\s*(?:,|\/|and|or|&)\s*§\d+(?:\.\d+)*)*/;
/** Inside a parenthesis every section up to its end belongs to the path, unless another document is named first. */
const OTHER_DOCUMENT = /\)|\b[\w-]+\.md\b|\bREADME\b/;

interface Citation {
  file: string;
  line: number;
  document: string;
  section: string;
}

/** Every `docs/<name>.md §N` in one file's text, with the line it stands on. */
function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((content, index) => {
    for (const match of content.matchAll(DOCUMENT)) {
      const start = match.index;
      const rest = content.slice(start + match[0].length);
      const before = content.slice(0, start);
      const insideParenthesis = before.split('(').length > before.split(')').length;
      let scope = CHAIN.exec(rest)?.[0] ?? '';
      if (insideParenthesis) {
        const end = OTHER_DOCUMENT.exec(rest);
        const parenthesised = end ? rest.slice(0, end.index) : rest;
        if (parenthesised.length > scope.length) scope = parenthesised;
      }
      for (const section of scope.matchAll(SECTION)) {
        found.push({ file, line: index + 1, document: `docs/${match[1]}`, section: section[1] });
      }
    }
  });
  return found;
}

/** The section numbers a document's headings start with: `## §3 Request paths` gives "3". */
function sectionsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+§(\d+(?:\.\d+)*)(?=[\s.:]|$)/gm)].map((heading) => heading[1]));
}

function trackedTextFiles(): Array<{ file: string; text: string }> {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && !skipped(file) && existsSync(join(REPO, file)));
  return files.flatMap((file) => {
    const bytes = readFileSync(join(REPO, file));
    return bytes.includes(0) ? [] : [{ file, text: bytes.toString('utf8') }];
  });
}

describe('section citations of the docs', () => {
  it('reads citations the way code and docs write them', () => {
    const text = [
      '// docs/product.md §5.2: minimum',
      ' * (docs/product.md §4 form states, §8 error catalogue)',
      'see `docs/architecture.md` §4.',
      '([docs/architecture.md §5.4](docs/architecture.md))',
      '(docs/product.md §2/§8; README "Stripe" §9)',
      'docs/product.md §1/§9: Dutch',
    ].join('\n');
    expect(citationsIn('x.ts', text).map(({ line, document, section }) => `${line} ${document} ${section}`)).toEqual([
      '1 docs/product.md 5.2',
      '2 docs/product.md 4',
      '2 docs/product.md 8',
      '3 docs/architecture.md 4',
      '4 docs/architecture.md 5.4',
      '5 docs/product.md 2',
      '5 docs/product.md 8',
      '6 docs/product.md 1',
      '6 docs/product.md 9',
    ]);
    expect([...sectionsOf('# Title\n## §3 Paths\n### §3.5 Webhook\ntext §9\n')]).toEqual(['3', '3.5']);
  });

  it('every cited document exists and has a heading for every cited section', () => {
    const headings = new Map<string, Set<string> | undefined>();
    const sectionsOfDocument = (document: string): Set<string> | undefined => {
      if (!headings.has(document)) {
        const path = join(REPO, document);
        headings.set(document, existsSync(path) ? sectionsOf(readFileSync(path, 'utf8')) : undefined);
      }
      return headings.get(document);
    };
    const citations = trackedTextFiles().flatMap(({ file, text }) => citationsIn(file, text));
    expect(citations.length).toBeGreaterThan(100);
    const dangling = citations.flatMap(({ file, line, document, section }) => {
      const sections = sectionsOfDocument(document);
      if (!sections) return [`${file}:${line}: ${document} §${section}: ${document} does not exist`];
      return sections.has(section) ? [] : [`${file}:${line}: ${document} §${section}: no heading "§${section}" there`];
    });
    expect(dangling).toEqual([]);
  });
});
