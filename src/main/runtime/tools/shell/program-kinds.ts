/**
 * What the permission review knows of programs by name: which are always high risk, which connect
 * to another machine, run another command or text as code, take inline code, or write the paths
 * they are given. Tables only; `part-review.ts` judges a command with them.
 */

export const HIGH_RISK_PROGRAMS = new Map<string, string>([
  ...['rm', 'shred', 'srm', 'unlink'].map((p): [string, string] => [p, 'deletes files']),
  ...['dd', 'fdisk', 'sfdisk', 'parted', 'wipefs', 'mkswap'].map((p): [string, string] => [
    p,
    'writes to disks',
  ]),
  ['truncate', 'empties files'],
  ...['kill', 'pkill', 'killall'].map((p): [string, string] => [p, 'stops processes']),
  ...['reboot', 'shutdown', 'halt', 'poweroff'].map((p): [string, string] => [
    p,
    'restarts or stops the machine',
  ]),
  ...['chmod', 'chown', 'chgrp', 'chattr', 'setfacl'].map((p): [string, string] => [
    p,
    'changes who may read, write or run files',
  ]),
  ['crontab', 'schedules commands'],
  ...['sudo', 'doas', 'su', 'pkexec', 'runas'].map((p): [string, string] => [
    p,
    'runs as another user',
  ]),
  ...['nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh', 'scp', 'sftp', 'ftp'].map(
    (p): [string, string] => [p, 'connects to another machine (can send data out)'],
  ),
  ['alias', 'redefines commands, so later parts may not do what they say'],
])

/** Programs that connect to another machine: the network, always high risk. */
export const CONNECTS = new Set([
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'ssh',
  'scp',
  'sftp',
  'ftp',
])

/**
 * Subcommands known to need the network: their prompt says so, and approving it runs the
 * command with the network. Any other command that tries is cut off by the sandbox.
 */
export const NETWORK_SUBCOMMANDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  (
    [
      ['git', ['clone', 'fetch', 'pull', 'push', 'ls-remote', 'submodule']],
      ['npm', ['install', 'i', 'ci', 'add', 'update', 'upgrade', 'publish', 'outdated', 'view']],
      ['pnpm', ['install', 'i', 'add', 'update', 'upgrade', 'publish', 'dlx']],
      ['yarn', ['install', 'add', 'upgrade', 'publish', 'dlx']],
      ['bun', ['install', 'i', 'add', 'update', 'publish', 'x']],
      ['pip', ['install', 'download']],
      ['pip3', ['install', 'download']],
      ['uv', ['add', 'sync', 'pip', 'lock']],
      ['poetry', ['install', 'add', 'update', 'lock']],
      ['cargo', ['fetch', 'install', 'update', 'publish']],
      ['go', ['get', 'mod', 'install']],
      ['docker', ['pull', 'push', 'login', 'build']],
      ['apt', ['install', 'update', 'upgrade']],
      ['apt-get', ['install', 'update', 'upgrade']],
      ['brew', ['install', 'update', 'upgrade']],
      ['gem', ['install']],
    ] as const
  ).map(([program, subs]): [string, ReadonlySet<string>] => [program, new Set<string>(subs)]),
)

/** Programs that run another command given as their arguments: never remembered. */
export const RUNS_ANOTHER_COMMAND = new Set([
  'env',
  'command',
  'builtin',
  'exec',
  'nohup',
  'nice',
  'timeout',
  'time',
  'watch',
  'stdbuf',
  'setsid',
  'ionice',
  'chroot',
  'flock',
  'strace',
  'ltrace',
  'unbuffer',
  'xargs',
  'parallel',
  'busybox',
  'sudo',
  'doas',
  'su',
  'pkexec',
  'caffeinate',
  'systemd-run',
  'script',
  'firejail',
])

/** Builtins that run text as code: never remembered. */
export const RUNS_TEXT_AS_CODE = new Set(['eval', 'source', '.', 'trap'])

/** How an interpreter is handed code inline (instead of a script file). */
export const INLINE_CODE_FLAGS: ReadonlyMap<string, readonly string[]> = new Map([
  ...['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh'].map(
    (p): [string, string[]] => [p, ['-c']],
  ),
  ...['node', 'nodejs'].map((p): [string, string[]] => [p, ['-e', '--eval', '-p', '--print']]),
  ...['perl'].map((p): [string, string[]] => [p, ['-e', '-E']]),
  ...['ruby', 'lua', 'luajit', 'Rscript', 'osascript'].map((p): [string, string[]] => [p, ['-e']]),
  ['php', ['-r']],
  ...['pwsh', 'powershell'].map((p): [string, string[]] => [
    p,
    ['-c', '-command', '-encodedcommand', '-e', '-ec'],
  ]),
  ['tclsh', []],
])

export const isPython = (name: string): boolean => /^(python[\d.]*|pypy[\d.]*)$/.test(name)

/** Programs whose first argument is a program in their own language (awk, sed). */
export const PROGRAM_AS_ARGUMENT = new Set(['awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed', 'perl'])

export const HIGH_RISK_SUBCOMMANDS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  [
    'git',
    new Map([
      ['push', 'publishes to a remote'],
      ['reset', 'can discard changes'],
      ['clean', 'deletes untracked files'],
      ['filter-branch', 'rewrites history'],
    ]),
  ],
  ['deno', new Map([['eval', 'runs code given as text']])],
])

/** Programs that write to the paths they are given. */
export const WRITES_ALL_ARGS = new Set(['tee', 'touch', 'mkdir'])
export const WRITES_LAST_ARG = new Set(['cp', 'mv', 'ln', 'install', 'rsync'])

/** Variables that change how programs start or which program runs. */
export const STARTUP_VARIABLES =
  /^(PATH|LD_\w+|DYLD_\w+|NODE_OPTIONS|NODE_PATH|BASH_ENV|ENV|SHELLOPTS|BASHOPTS|PS4|IFS|PROMPT_COMMAND|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|PERL5LIB|RUBYOPT|GIT_SSH|GIT_SSH_COMMAND|GIT_EXEC_PATH|GIT_CONFIG\w*|EDITOR|VISUAL|PAGER|GIT_PAGER)$/
