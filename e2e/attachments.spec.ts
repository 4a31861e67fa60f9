import type { Page } from '@playwright/test'
import { expect, sendMessage, test } from './fixtures'
import { shootAll } from './screens'

/**
 * What a message carries: a workspace file chosen from the `@` menu (its text reaches the model:
 * the scripted fake answers by what it reads) and a pasted image, shown as chips and thumbnails
 * in the message box and the transcript, and still there after a reload.
 */
test.use({
  scenario: 'attachments.json',
  fakeDelayMs: '0',
  workspaceFiles: { 'plan.md': 'Step 1: the secret word is pelican.\n', 'notes.txt': 'x' },
})

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' })

/** Pastes an image drawn in the page (a `width`×`height` PNG) into the message box. */
async function pasteImage(page: Page, name: string, width = 320, height = 200) {
  await page.getByRole('textbox', { name: 'Message' }).evaluate(
    async (box, { name, width, height }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (context === null) throw new Error('no 2d context')
      const gradient = context.createLinearGradient(0, 0, width, height)
      gradient.addColorStop(0, '#3b6fd8')
      gradient.addColorStop(1, '#e0a030')
      context.fillStyle = gradient
      context.fillRect(0, 0, width, height)
      // Noise, so a large canvas is a large PNG.
      if (width > 1000)
        for (let i = 0; i < 60_000; i++) {
          context.fillStyle = `rgb(${(i * 37) % 255},${(i * 91) % 255},${(i * 13) % 255})`
          context.fillRect((i * 7919) % width, (i * 104729) % height, 3, 3)
        }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
      if (blob === null) throw new Error('no PNG')
      const data = new DataTransfer()
      data.items.add(new File([blob], name, { type: 'image/png' }))
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
    },
    { name, width, height },
  )
}

test('a file chosen with @ and a pasted image go with the message, reach the model and stay in the transcript', async ({
  app: page,
}) => {
  await sendMessage(page, 'hello')
  await expect(conversation(page).getByText('I see no plan in this message.')).toBeVisible()

  const box = page.getByRole('textbox', { name: 'Message' })
  await box.pressSequentially('what does @pla')
  const menu = page.getByRole('listbox', { name: 'Files' })
  await expect(menu.getByRole('option').first()).toContainText('plan.md')
  await shootAll(page, 'mention-menu')
  await box.press('Escape')
  await expect(menu).toBeHidden()
  await expect(box).toHaveValue('what does @pla')
  await box.pressSequentially('n')
  await expect(menu.getByRole('option').first()).toContainText('plan.md')
  await box.press('Enter')
  await expect(box).toHaveValue('what does @plan.md ')
  await pasteImage(page, 'sketch.png')
  const chips = page.getByRole('list', { name: 'Attachments' })
  await expect(chips.getByText('plan.md')).toBeVisible()
  await expect(chips.getByRole('img', { name: 'sketch.png' })).toBeVisible()
  await box.pressSequentially('say?')
  await shootAll(page, 'composer-attachments')

  await box.press('Enter')
  await expect(
    conversation(page).getByText('The plan you attached says the secret word is pelican.'),
  ).toBeVisible()
  await expect(chips).toBeHidden()
  const attached = conversation(page).getByRole('list', { name: 'Attached' })
  await expect(attached.getByText('plan.md')).toBeVisible()
  const thumbnail = attached.getByRole('img', { name: 'sketch.png' })
  await expect(thumbnail).toBeVisible()
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
  await shootAll(page, 'transcript-attachments')

  // The log keeps them by reference: after a reload the transcript shows them again.
  await page.reload()
  await expect(attached.getByText('plan.md')).toBeVisible()
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)

  // The sidebar's search finds the session by what was said in it, not only by its title.
  const sidebar = page.getByRole('navigation', { name: 'Sessions' })
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('pelican')
  await expect(sidebar.getByRole('link', { name: /hello/ })).toContainText(
    'says the secret word is pelican.',
  )
  await shootAll(page, 'content-search')
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('no such words')
  await expect(sidebar.getByRole('link', { name: /hello/ })).toBeHidden()
})

test('an image too large to send is refused in plain words and nothing is attached', async ({
  app: page,
}) => {
  await pasteImage(page, 'huge.png', 2400, 1600)
  await expect(page.getByText(/huge\.png is \d+\.\d MB; images up to 1\.4 MB/)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Attachments' })).toBeHidden()
})
