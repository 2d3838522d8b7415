import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// axe-core from node_modules, never a download; injected into the page under test.
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; summary: string }>;
};

declare global {
  interface Window {
    axe?: {
      run(
        context: Document,
        options: Record<string, unknown>,
      ): Promise<{
        violations: Array<{
          id: string;
          impact?: string | null;
          help: string;
          nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
        }>;
      }>;
    };
  }
}

/**
 * Every axe-core violation on the page as it stands, of any impact: WCAG 2.x A and AA and axe's
 * best practices (landmarks, heading order…), the rules axe runs by default.
 *
 * The app's content security policy allows only its own scripts, so the page's context must be
 * opened with `bypassCSP: true` for the injected axe script to run.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.addScriptTag({ path: AXE_SCRIPT });
  }
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    throw new Error('axe-core did not load: open the browser context with bypassCSP: true');
  }
  return page.evaluate(async () => {
    const results = await window.axe!.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String),
        html: node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html,
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  });
}

/** One line per failing element: rule id, impact, the element's selector and what to fix. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `  ${violation.id} [${violation.impact ?? 'no impact'}] ${node.target.join(' >> ')}\n    ${node.html}\n    ${violation.help}. ${node.summary}`,
      ),
    )
    .join('\n');
}

/**
 * Fails with the rule ids, impacts and target selectors when axe-core finds anything on the page.
 * The failure is soft: the test goes on, so one run lists every page that fails.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  expect
    .soft(
      violations.map((violation) => violation.id),
      `${label}: ${violations.length} axe-core violation(s)\n${describeViolations(violations)}`,
    )
    .toEqual([]);
}
