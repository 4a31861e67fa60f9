import treeKill from 'tree-kill'

/**
 * Signals a process Parley started and everything it started in turn. On POSIX the process was
 * spawned `detached`, so it leads its own process group and one signal to the group reaches the
 * whole tree. Windows has no process groups: the tree is ended with tree-kill (`taskkill /T /F`,
 * which ends rather than signals). False when there was nothing to signal (already gone).
 */
export function signalProcessTree(
  pid: number,
  signal: NodeJS.Signals,
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (platform === 'win32') {
    // An error here means the tree is already gone; nothing is left to end.
    treeKill(pid, signal, () => {})
    return true
  }
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false
  }
}
