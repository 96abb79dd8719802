import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Mantine's stylesheet is imported per component (mantine-base.css for the first screens,
// mantine-app.css for the rest): a component drawn for the first time needs its line there.
const SRC = fileURLToPath(new URL('..', import.meta.url));
const STYLES = fileURLToPath(new URL('../../node_modules/@mantine/core/styles', import.meta.url));
const stylesDir = existsSync(STYLES)
  ? STYLES
  : fileURLToPath(new URL('../../../../node_modules/@mantine/core/styles', import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });

const usedComponents = (): Set<string> => {
  const used = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of (match[1] ?? '').split(',')) {
        const component = name.trim().replace(/^type\s+/, '');
        if (/^[A-Z]\w*$/.test(component)) used.add(component);
      }
    }
  }
  return used;
};

describe('Mantine component styles', () => {
  it('lists the sheet of every Mantine component the app imports', () => {
    const listed = ['mantine-base.css', 'mantine-app.css']
      .map((file) => readFileSync(join(SRC, 'styles', file), 'utf8'))
      .join('\n');
    const missing = [...usedComponents()].filter(
      (component) =>
        existsSync(join(stylesDir, `${component}.css`)) &&
        !listed.includes(`/styles/${component}.layer.css`),
    );
    expect(missing).toEqual([]);
  });
});
