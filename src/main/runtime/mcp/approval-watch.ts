import { watch, type FSWatcher } from 'node:fs'
import { basename, dirname } from 'node:path'

/**
 * Watches the files an approval of a workspace's servers covers (its `.mcp.json` and the scripts
 * its servers run) and says when one of them changes, so the servers are checked against the
 * approval while they run. It watches the files' folders rather than the files, so an editor
 * that saves by writing a new file and renaming it over the old one is seen too. Changes close
 * together are reported once. Where the system cannot watch (too many watches, a folder gone),
 * nothing is reported: every start and restart of a workspace server checks its approval anyway.
 */
export class ApprovalWatch {
  #watchers: FSWatcher[] = []
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly onChange: () => void,
    private readonly settleMs = 100,
  ) {}

  /** Watches exactly `files` (absolute paths) from now on. */
  set(files: readonly string[]): void {
    this.#unwatch()
    const byFolder = new Map<string, Set<string>>()
    for (const file of files) {
      const names = byFolder.get(dirname(file)) ?? new Set<string>()
      names.add(basename(file))
      byFolder.set(dirname(file), names)
    }
    for (const [folder, names] of byFolder) {
      try {
        const watcher = watch(folder, { persistent: false }, (_event, name) => {
          if (name === null || names.has(name.toString())) this.#changed()
        })
        watcher.on('error', () => watcher.close())
        this.#watchers.push(watcher)
      } catch {
        // Not watchable: the check before each start still holds.
      }
    }
  }

  #changed(): void {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.onChange(), this.settleMs)
    this.#timer.unref()
  }

  #unwatch(): void {
    for (const watcher of this.#watchers.splice(0)) watcher.close()
  }

  close(): void {
    clearTimeout(this.#timer)
    this.#unwatch()
  }
}
