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
  home: '/home/ann',
  shown: [
    { kind: 'bind', path: '/usr', source: '/usr' },
    { kind: 'link', path: '/bin', target: 'usr/bin' },
    { kind: 'bind', path: '/etc', source: '/etc' },
    { kind: 'bind', path: '/home/ann/.cargo/bin', source: '/home/ann/.cargo/bin' },
    { kind: 'bind', path: '/home/ann/.nvm', source: '/opt/nvm' },
  ],
  hidden: [
    { path: '/home/ann/.config/parley', kind: 'folder' },
    { path: '/home/ann/project/secret.json', kind: 'file' },
  ],
  pinned: ['/home/ann/project/.git'],
  readOnly: ['/home/ann/project/.git/config', '/home/ann/project/.git/hooks'],
  grant: NO_GRANT,
  ...over,
})

/** The value after each occurrence of `flag` in an argument list. */
const valuesOf = (args: readonly string[], flag: string): string[] =>
  args.flatMap((arg, i) => (arg === flag ? [args[i + 1] ?? ''] : []))

describe('the bubblewrap arguments for a policy', () => {
  const command = ['/bin/bash', '-c', 'npm test']

  it('show only the allow-listed folders, read-only, on an empty root; the workspace is the one writable folder; /tmp, /dev and /proc private; no network', () => {
    const args = bwrapArguments(policy(), command)
    expect(args).not.toContain('/')
    expect(valuesOf(args, '--ro-bind')).toEqual([
      '/usr',
      '/etc',
      '/home/ann/.cargo/bin',
      '/opt/nvm',
      '/dev/null',
      '/home/ann/project/.git/config',
      '/home/ann/project/.git/hooks',
    ])
    expect(valuesOf(args, '--symlink')).toEqual(['usr/bin'])
    expect(valuesOf(args, '--bind')).toEqual(['/home/ann/project', '/home/ann/project/.git'])
    expect(valuesOf(args, '--dev')).toEqual(['/dev'])
    expect(valuesOf(args, '--proc')).toEqual(['/proc'])
    expect(args).toEqual(
      expect.arrayContaining(['--unshare-pid', '--unshare-net', '--die-with-parent']),
    )
    expect(valuesOf(args, '--chdir')).toEqual(['/home/ann/project'])
    expect(args.slice(args.indexOf('--'))).toEqual(['--', ...command])
  })

  it('empty the home folder before showing its toolchains in it, and bind the workspace after, so it stays writable', () => {
    const args = bwrapArguments(policy(), command)
    expect(valuesOf(args, '--tmpfs')).toEqual([
      '/tmp',
      '/var/tmp',
      '/home/ann',
      '/home/ann/.config/parley',
    ])
    const home = args.lastIndexOf('/home/ann')
    expect(home).toBeLessThan(args.indexOf('/home/ann/.cargo/bin'))
    expect(home).toBeLessThan(args.indexOf('--bind'))
  })

  it("pin each repository's git folder and make its config and hooks read-only after binding the workspace", () => {
    const args = bwrapArguments(policy(), command)
    const git = args.indexOf('/home/ann/project/.git')
    expect(args.slice(git - 1, git + 2)).toEqual([
      '--bind',
      '/home/ann/project/.git',
      '/home/ann/project/.git',
    ])
    const config = args.indexOf('/home/ann/project/.git/config')
    expect(args.slice(config - 1, config + 2)).toEqual([
      '--ro-bind',
      '/home/ann/project/.git/config',
      '/home/ann/project/.git/config',
    ])
    expect(config).toBeGreaterThan(args.indexOf('--bind'))
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

  it('hide a file inside the workspace after binding it, behind /dev/null', () => {
    const args = bwrapArguments(policy(), command)
    const file = args.indexOf('/home/ann/project/secret.json')
    expect(args.slice(file - 2, file + 1)).toEqual([
      '--ro-bind',
      '/dev/null',
      '/home/ann/project/secret.json',
    ])
    expect(file).toBeGreaterThan(args.indexOf('--bind'))
  })

  it('give exactly what a person granted: the network, writes outside (everything, writable), or the credentials (everything, read-only)', () => {
    const network = bwrapArguments(policy({ grant: grantFor(['network']) }), command)
    expect(network).not.toContain('--unshare-net')
    expect(valuesOf(network, '--tmpfs')).toContain('/home/ann')

    const outside = bwrapArguments(policy({ grant: grantFor(['writeOutside']) }), command)
    expect(outside.slice(0, 3)).toEqual(['--bind', '/', '/'])
    expect(valuesOf(outside, '--tmpfs')).not.toContain('/tmp')
    expect(outside).toContain('--unshare-net')
    expect(outside).not.toContain('/home/ann/project/.git/config')

    const credentials = bwrapArguments(policy({ grant: grantFor(['credentials']) }), command)
    expect(credentials.slice(0, 3)).toEqual(['--ro-bind', '/', '/'])
    expect(valuesOf(credentials, '--tmpfs')).toEqual(['/tmp'])
    expect(credentials).toContain('/home/ann/project/.git/config')
    expect(credentials).toContain('--unshare-pid')
  })

  it('refuse a relative path, which bwrap would read against its own working folder', () => {
    expect(() => bwrapArguments(policy({ workspace: 'project' }), command)).toThrow(
      SandboxPolicyError,
    )
  })
})

describe('the sandbox-exec profile for a policy (macOS)', () => {
  it("hides the home folder and other people's folders but for the toolchains and the workspace", () => {
    const profile = sandboxExecProfile(policy())
    expect(profile.split('\n').slice(0, 4)).toEqual([
      '(version 1)',
      '(allow default)',
      '(deny file-read* file-write* (subpath "/home/ann") (subpath "/Users") (subpath "/Volumes"))',
      '(allow file-read* (subpath "/home/ann/.cargo/bin") (subpath "/home/ann/.nvm") (subpath "/home/ann/project"))',
    ])
  })

  it("allows writes only to the workspace, the temporary folders and the terminal devices, never to the repositories' config and hooks", () => {
    const profile = sandboxExecProfile(policy())
    expect(profile).toContain(
      '(deny file-write*)\n(allow file-write* (subpath "/home/ann/project") (subpath "/private/tmp") (subpath "/private/var/folders") (literal "/dev/null")',
    )
    expect(profile).toContain(
      '(deny file-write* (subpath "/home/ann/project/.git/config") (subpath "/home/ann/project/.git/hooks"))',
    )
  })

  it('hides the data folder, other processes from inspection, and cuts the network', () => {
    const profile = sandboxExecProfile(policy())
    expect(profile).toContain(
      '(deny file-read* file-write* (subpath "/home/ann/.config/parley") (literal "/home/ann/project/secret.json"))',
    )
    expect(profile).toContain('(deny process-info* (target others))')
    expect(profile).toContain('(deny network*)')
  })

  it('keeps a workspace inside the data folder visible', () => {
    const profile = sandboxExecProfile(
      policy({
        workspace: '/home/ann/.config/parley/demo',
        hidden: [{ path: '/home/ann/.config/parley', kind: 'folder' }],
      }),
    )
    expect(profile).toMatch(
      /\(deny file-read\* file-write\* \(subpath "\/home\/ann\/.config\/parley"\)\)\n\(allow file-read\* file-write\* \(subpath "\/home\/ann\/.config\/parley\/demo"\)\)/,
    )
  })

  it('drops each limit a person granted, and only that one', () => {
    expect(sandboxExecProfile(policy({ grant: grantFor(['network']) }))).not.toContain('network')
    const outside = sandboxExecProfile(policy({ grant: grantFor(['writeOutside']) }))
    expect(outside).not.toContain('(deny file-write*)')
    expect(outside).not.toContain('(subpath "/Users")')
    expect(outside).toContain('(deny network*)')
    const credentials = sandboxExecProfile(policy({ grant: grantFor(['credentials']) }))
    expect(credentials).not.toContain('(subpath "/Users")')
    expect(credentials).not.toContain('.config/parley')
    expect(credentials).toContain('(deny file-write*)')
  })

  it('quotes paths, so a quote in a folder name cannot end the string and add a rule', () => {
    const profile = sandboxExecProfile(policy({ workspace: '/w/a") (allow network*) ("' }))
    expect(profile).toContain('(subpath "/w/a\\") (allow network*) (\\"")')
    expect(profile).toContain('(deny network*)')
  })
})
