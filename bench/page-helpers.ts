import { expect, type Page } from '@playwright/test'

/** Helpers the page benchmarks share: statistics, and reading the page probes (page-probes.ts). */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export const probe = <T>(page: Page, expression: string): Promise<T> =>
  page.evaluate(`window.__probe.${expression}`) as Promise<T>

/** Polled from here: waitForFunction would evaluate a string in Parley's page, which its CSP forbids. */
export async function waitPainted(page: Page, name: string, timeoutMs = 180_000): Promise<void> {
  const until = performance.now() + timeoutMs
  while (!(await probe<boolean>(page, `painted[${JSON.stringify(name)}] !== undefined`))) {
    if (performance.now() > until) throw new Error(`${name} was never painted`)
    await page.waitForTimeout(20)
  }
}

export const painted = (page: Page, name: string): Promise<number> =>
  probe<number>(page, `painted[${JSON.stringify(name)}]`)

export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill(text)
  await box.press('Enter')
}

/** Parley's turn is over: Stop gone and the given text in the transcript. */
export async function turnEnds(page: Page, text: string): Promise<void> {
  await expect(
    page.getByRole('log', { name: 'Conversation' }).getByText(text).first(),
  ).toBeAttached({ timeout: 180_000 })
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 60_000 })
}

/** 60 Hz frames missed among frame times (ms): a gap of n frame periods missed n − 1. */
export function droppedFrames(times: readonly number[], from: number, to: number): number {
  const inside = times.filter((t) => t >= from && t <= to)
  let dropped = 0
  for (let i = 1; i < inside.length; i++)
    dropped += Math.max(
      0,
      Math.round(((inside[i] as number) - (inside[i - 1] as number)) / (1000 / 60)) - 1,
    )
  return dropped
}
