import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, it, vi } from 'vitest'

const treeKill = vi.hoisted(() => vi.fn())
vi.mock('tree-kill', () => ({ default: treeKill }))

const { signalProcessTree } = await import('./process-tree')

/** Running, not merely a zombie waiting to be reaped (a container's init may never reap it). */
function running(pid: number): boolean {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .startsWith('Z')
  } catch {
    return false
  }
}

describe('ending a process Parley started', () => {
  it.skipIf(process.platform === 'win32')(
    'ends its whole process group on POSIX, grandchildren included',
    async () => {
      // A shell that starts a grandchild and prints its pid, as `npm test` starting vitest would.
      const child = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], {
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      const [line] = (await once(child.stdout, 'data')) as [Buffer]
      const grandchild = Number(line.toString().trim())
      expect(running(grandchild)).toBe(true)
      const exited = once(child, 'exit')
      expect(signalProcessTree(child.pid as number, 'SIGKILL')).toBe(true)
      await exited
      await vi.waitFor(() => expect(running(grandchild)).toBe(false))
      expect(treeKill).not.toHaveBeenCalled()
    },
  )

  it('says there was nothing to signal when the group is already gone', () => {
    expect(signalProcessTree(2 ** 22 + 12345, 'SIGTERM', 'linux')).toBe(false)
  })

  it('ends the tree with tree-kill on Windows, which has no process groups', () => {
    expect(signalProcessTree(4242, 'SIGKILL', 'win32')).toBe(true)
    expect(treeKill).toHaveBeenCalledWith(4242, 'SIGKILL', expect.any(Function))
  })
})
