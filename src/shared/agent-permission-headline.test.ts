import { describe, expect, it } from 'vitest'
import { agentPermissionHeadline } from './agent-permission-headline'

describe('agentPermissionHeadline', () => {
  it('leads with the command an execute call runs and keeps a description title as its caption', () => {
    expect(
      agentPermissionHeadline({
        title: 'Run a command for the test',
        command: 'echo hi > ran.txt',
      }),
    ).toEqual({ code: 'echo hi > ran.txt', caption: 'Run a command for the test' })
  })

  it('shows a title that is the command (in backticks or not) once', () => {
    expect(agentPermissionHeadline({ title: '`rm -rf build`', command: 'rm -rf build' })).toEqual({
      code: 'rm -rf build',
      caption: undefined,
    })
    expect(agentPermissionHeadline({ title: 'ls -la', command: 'ls -la' }).caption).toBeUndefined()
  })

  it('leads with the title of a call that runs no command', () => {
    expect(agentPermissionHeadline({ title: 'Edit a.ts' })).toEqual({
      code: 'Edit a.ts',
      caption: undefined,
    })
  })
})
