/**
 * The manual's links resolve: every relative link in README.md and docs/ names a file of the
 * repository, and a link to a heading (#anchor) names a heading that page has, as GitHub makes
 * its anchors. A page moved or a heading renamed fails here, not in a reader's browser.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/tmux.js';

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation gone, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading = ''] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** Every markdown link `[text](target)` outside code blocks. */
function links(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

const MANUAL = [join(ROOT, 'README.md'), ...pages(join(ROOT, 'docs'))];

describe('the manual', () => {
  it('finds GitHub’s anchors for headings', () => {
    expect(anchorOf('Playing together over the network: `madang serve`')).toBe(
      'playing-together-over-the-network-madang-serve',
    );
    expect(anchorOf('Yoté')).toBe('yoté');
  });

  it.each(MANUAL.map((file) => [relative(ROOT, file), file]))(
    '%s: every relative link resolves',
    (_name, file) => {
      const broken: string[] = [];
      for (const target of links(file)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const to = path === '' ? file : join(dirname(file), decodeURIComponent(path));
        if (!existsSync(to)) broken.push(`${target}: no such file`);
        else if (anchor && to.endsWith('.md') && !anchors(to).has(decodeURIComponent(anchor)))
          broken.push(`${target}: no such heading`);
      }
      expect(broken).toEqual([]);
    },
  );
});
