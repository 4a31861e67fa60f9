import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'

/** Work that must finish before the client quits (saving a half-typed answer as a draft). */
type ExitTask = () => Promise<unknown>

interface ExitGuards {
  add(task: ExitTask): () => void
  run(): Promise<void>
}

function createExitGuards(): ExitGuards {
  const tasks = new Set<ExitTask>()
  return {
    add(task) {
      tasks.add(task)
      return () => tasks.delete(task)
    },
    async run() {
      await Promise.allSettled([...tasks].map((task) => task()))
    },
  }
}

const ExitGuardContext = createContext<ExitGuards | null>(null)

/** Gives the tree a place to register work to finish before quitting. */
export function ExitGuardProvider({
  children,
  guards,
}: {
  children: ReactNode
  guards: ExitGuards
}) {
  return <ExitGuardContext.Provider value={guards}>{children}</ExitGuardContext.Provider>
}

/** The guards of one client: `run()` before quitting. */
export function useExitGuards(): ExitGuards {
  const [guards] = useState(createExitGuards)
  return guards
}

/** Runs `task` (its latest version) before the client quits, while this component is mounted. */
export function useBeforeExit(task: ExitTask): void {
  const guards = useContext(ExitGuardContext)
  const latest = useRef(task)
  useEffect(() => {
    latest.current = task
  })
  useEffect(() => guards?.add(() => latest.current()), [guards])
}
