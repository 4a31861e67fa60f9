import { expect, test } from './fixtures'

test.use({ scenario: 'journey.json' })

test('before any script runs the page already shows the shell’s outline, inert and hidden from assistive technology; the app replaces it', async ({
  browser,
  server,
}) => {
  const noScripts = await browser.newPage({ javaScriptEnabled: false })
  await noScripts.goto(server.url)
  const outline = noScripts.locator('.app-outline')
  // Painted from the HTML and the stylesheet alone: the brand and the title where the app puts them.
  await expect(outline.getByText('Parley')).toHaveCount(2)
  await expect(outline.getByText('Parley').first()).toBeVisible()
  await expect(outline).toHaveAttribute('inert', '')
  await expect(outline).toHaveAttribute('aria-hidden', 'true')
  // Nothing in it can be reached or pressed.
  await expect(noScripts.getByRole('button')).toHaveCount(0)
  await expect(noScripts.getByRole('textbox')).toHaveCount(0)
  await noScripts.close()

  const page = await browser.newPage()
  await page.goto(server.url)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible()
  await expect(page.locator('.app-outline')).toHaveCount(0)
  await page.close()
})
