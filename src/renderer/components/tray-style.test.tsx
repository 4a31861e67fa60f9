/// <reference types="node" />
import { readFileSync } from 'node:fs'
import { act, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createFakeBridge, fakeSession } from '../testing/fake-bridge'
import { permissionRequest, questionRequest } from '../testing/fixtures'
import { renderApp } from '../testing/render-app'

// The computed-style contract of the tray: compact by default, capped relative to the viewport,
// scrolling inside, and the composer out of sight (not merely covered) while it shows.
beforeAll(() => {
  const style = document.createElement('style')
  // Vitest stubs CSS imports, so the stylesheet is read from disk.
  style.textContent = readFileSync(`${import.meta.dirname}/../styles/app.css`, 'utf8')
  document.head.append(style)
})

describe('tray layout contract', () => {
  it('fits its content, capped at half the viewport, and scrolls inside', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    await renderApp(fake)
    act(() => fake.ask(permissionRequest({ detail: 'x\n'.repeat(2_000) })))
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    const style = getComputedStyle(tray)
    // No floor but its own tallest height so far (grow only), capped like its height.
    expect(style.minHeight).toBe('min(var(--tray-held, 0px), 50vh)')
    expect(style.maxHeight).toBe('50vh')
    expect(style.overflow).toBe('hidden')
    expect(style.position).not.toBe('fixed')
    const body = tray.querySelector('.tray-body') as HTMLElement
    expect(getComputedStyle(body).overflowY).toBe('auto')
  })

  it('keeps the full detail in its own capped scroll area', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    const { user } = await renderApp(fake)
    act(() => fake.ask(permissionRequest({ detail: 'x\n'.repeat(2_000) })))
    const tray = await screen.findByRole('region', { name: 'Permission request' })
    await user.click(within(tray).getByRole('button', { name: 'Details' }))
    const detail = tray.querySelector('.permission-detail') as HTMLElement
    const style = getComputedStyle(detail)
    expect(style.maxHeight).toBe('30vh')
    expect(style.overflow).toBe('auto')
    expect(style.whiteSpace).toBe('pre-wrap')
  })

  it('hides the composer with display: none while a question shows', async () => {
    const fake = createFakeBridge({ sessions: [fakeSession('s1')] })
    await renderApp(fake)
    const composer = screen.getByRole('textbox', { name: 'Message' }).closest('form') as HTMLElement
    expect(getComputedStyle(composer).display).toBe('flex')
    act(() => fake.ask(questionRequest()))
    await screen.findByRole('region', { name: 'Agent question' })
    expect(getComputedStyle(composer).display).toBe('none')
  })
})
