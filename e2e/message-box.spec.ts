import { expect, test } from './fixtures'

test.use({ scenario: 'journey.json' })

type Box = { clientHeight: number; scrollHeight: number }
const size = (el: unknown) => {
  const box = el as Box
  return { height: box.clientHeight, content: box.scrollHeight }
}

test('the message box grows with its text up to 40% of the window, then scrolls; it shrinks back when emptied', async ({
  app: page,
}) => {
  const box = page.getByRole('textbox', { name: 'Message' })
  const empty = await box.evaluate(size)
  expect(empty.height).toBeLessThan(60)

  await box.fill(['one', 'two', 'three', 'four'].join('\n'))
  const four = await box.evaluate(size)
  // Every line shows: no inner scrolling yet.
  expect(four.height).toBeGreaterThan(empty.height + 40)
  expect(four.content).toBeLessThanOrEqual(four.height + 1)

  await box.fill(Array.from({ length: 80 }, (_, i) => `line ${i}`).join('\n'))
  const long = await box.evaluate(size)
  const viewport = page.viewportSize()?.height ?? 0
  expect(long.height).toBeLessThanOrEqual(Math.ceil(viewport * 0.4) + 1)
  expect(long.content).toBeGreaterThan(long.height)

  await box.fill('')
  await expect.poll(async () => (await box.evaluate(size)).height).toBe(empty.height)
})
