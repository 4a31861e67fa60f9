import { describe, expect, it } from 'vitest'
import {
  bwrapArguments,
  grantFor,
  NO_GRANT,
  sandboxExecProfile,
  SandboxPolicyError,
  type SandboxPolicy,
} from './sandbox-policy'

const policy = (over: Partial<SandboxPolicy> = {}): SandboxPolicy => ({
  workspace: '/home/ann/project',
  hidden: [
    { path: '/home/ann/.ssh', kind: 'folder' },
    { path: '/home/ann/.netrc', kind: 'file' },
  ],
  grant: NO_GRANT,
  ...over,
})

/** The value after each occurrence of `flag` in an argument list. */
const valuesOf = (args: readonly string[], flag: string): string[] =>
  args.flatMap((arg, i) => (arg === flag ? [args[i + 1] ?? ''] : []))

describe('the bubblewrap arguments for a policy', () => {
  const command = ['/bin/bash', '-c', 'npm test']

  it('make the root read-only, the workspace the one writable folder, /tmp, /dev and /proc private, and cut the network', () => {
    const args = bwrapArguments(policy(), command)
    expect(args.slice(0, 3)).toEqual(['--ro-bind', '/', '/'])
    expect(valuesOf(args, '--bind')).toEqual(['/home/ann/project'])
    expect(valuesOf(args, '--dev')).toEqual(['/dev'])
    expect(valuesOf(args, '--proc')).toEqual(['/proc'])
    expect(valuesOf(args, '--tmpfs')).toContain('/tmp')
    expect(args).toEqual(
      expect.arrayContaining(['--unshare-pid', '--unshare-net', '--die-with-parent']),
    )
    expect(valuesOf(args, '--chdir')).toEqual(['/home/ann/project'])
    expect(args.slice(args.indexOf('--'))).toEqual(['--', ...command])
  })

  it('hide credential folders under an empty tmpfs and credential files behind /dev/null', () => {
    const args = bwrapArguments(policy(), command)
    expect(valuesOf(args, '--tmpfs')).toEqual(['/tmp', '/home/ann/.ssh'])
    const file = args.indexOf('/home/ann/.netrc')
    expect(args.slice(file - 2, file + 1)).toEqual(['--ro-bind', '/dev/null', '/home/ann/.netrc'])
  })

  it('hide a folder that holds the workspace before binding the workspace, so the workspace stays visible', () => {
    const args = bwrapArguments(
      policy({
        workspace: '/home/ann/.config/parley/demo-workspace',
        hidden: [{ path: '/home/ann/.config/parley', kind: 'folder' }],
      }),
      command,
    )
    expect(args.indexOf('/home/ann/.config/parley')).toBeLessThan(args.indexOf('--bind'))
  })

  it('hide a credential folder inside the workspace after binding it, so it stays hidden', () => {
    const args = bwrapArguments(
      policy({ hidden: [{ path: '/home/ann/project/.ssh', kind: 'folder' }] }),
      command,
    )
    expect(args.indexOf('/home/ann/project/.ssh')).toBeGreaterThan(args.indexOf('--bind'))
  })

  it('give exactly what a person granted: the network, writes outside, or the credentials', () => {
    const network = bwrapArguments(policy({ grant: grantFor(['network']) }), command)
    expect(network).not.toContain('--unshare-net')
    expect(network.slice(0, 3)).toEqual(['--ro-bind', '/', '/'])

    const outside = bwrapArguments(policy({ grant: grantFor(['writeOutside']) }), command)
    expect(outside.slice(0, 3)).toEqual(['--bind', '/', '/'])
    expect(valuesOf(outside, '--tmpfs')).not.toContain('/tmp')
    expect(outside).toContain('--unshare-net')
    expect(outside).toContain('/home/ann/.ssh')

    const credentials = bwrapArguments(policy({ grant: grantFor(['credentials']) }), command)
    expect(credentials).not.toContain('/home/ann/.ssh')
    expect(credentials).toContain('--unshare-pid')
  })

  it('refuse a relative path, which bwrap would read against its own working folder', () => {
    expect(() => bwrapArguments(policy({ workspace: 'project' }), command)).toThrow(
      SandboxPolicyError,
    )
  })
})

describe('the sandbox-exec profile for a policy (macOS)', () => {
  it('allows writes only to the workspace, the temporary folders and the terminal devices', () => {
    const profile = sandboxExecProfile(policy())
    expect(profile.split('\n').slice(0, 3)).toEqual([
      '(version 1)',
      '(allow default)',
      '(deny file-write*)',
    ])
    expect(profile).toContain(
      '(allow file-write* (subpath "/home/ann/project") (subpath "/private/tmp") (subpath "/private/var/folders") (literal "/dev/null")',
    )
  })

  it('hides the credentials from reads and writes, other processes from inspection, and cuts the network', () => {
    const profile = sandboxExecProfile(policy())
    expect(profile).toContain(
      '(deny file-read* file-write* (subpath "/home/ann/.ssh") (literal "/home/ann/.netrc"))',
    )
    expect(profile).toContain('(deny process-info* (target others))')
    expect(profile).toContain('(deny network*)')
  })

  it('drops each limit a person granted, and only that one', () => {
    expect(sandboxExecProfile(policy({ grant: grantFor(['network']) }))).not.toContain('network')
    const outside = sandboxExecProfile(policy({ grant: grantFor(['writeOutside']) }))
    expect(outside).not.toContain('(deny file-write*)')
    expect(outside).toContain('(deny network*)')
    expect(sandboxExecProfile(policy({ grant: grantFor(['credentials']) }))).not.toContain('.ssh')
  })

  it('quotes paths, so a quote in a folder name cannot end the string and add a rule', () => {
    const profile = sandboxExecProfile(policy({ workspace: '/w/a") (allow network*) ("' }))
    expect(profile).toContain('(subpath "/w/a\\") (allow network*) (\\"")')
    expect(profile).toContain('(deny network*)')
  })
})
