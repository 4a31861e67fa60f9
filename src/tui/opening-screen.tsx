import { Box } from 'ink'
import type { MessageQueue } from '../shared/queued-messages'
import { ColorsContext } from './colors'
import { Composer, composerRows } from './composer'
import type { ComposerState } from './composer-state'
import { MAX_DRAFT_ROWS } from './composer-surface'
import { keyLines } from './footer-lines'
import { COMPOSER_HINTS } from './key-hints'
import type { KeyHandler } from './key-router'
import { queuedLines } from './queued-lines'
import { StyledLines } from './styled-lines'

/** The message box's placeholder while the session opens. */
const TYPE_AHEAD = 'Type ahead: sent once the session is open'

/** No session to show: why, in red. */
export function FailedScreen({ error, colors }: { error: string | null; colors: boolean }) {
  return (
    <ColorsContext value={colors}>
      <StyledLines
        lines={[[{ text: `parley tui: ${error ?? 'no session'}`, style: { color: 'red' } }]]}
      />
    </ColorsContext>
  )
}

/** While the session opens (the runtime may still be starting), the message box takes keys. */
export function OpeningScreen({
  hint,
  queued,
  composer,
  width,
  height,
  colors,
  composerKey,
}: {
  hint: string | null
  queued: MessageQueue
  composer: ComposerState
  width: number
  height: number
  colors: boolean
  composerKey: KeyHandler
}) {
  return (
    <ColorsContext value={colors}>
      <Box flexDirection="column" width={width}>
        <StyledLines lines={[[{ text: hint ?? 'Opening session…', style: { dim: true } }]]} />
        {queued.length > 0 ? <StyledLines lines={queuedLines(queued, width)} /> : null}
        <Composer
          rows={composerRows(composer, width, MAX_DRAFT_ROWS, TYPE_AHEAD)}
          suggestions={[]}
          width={width}
          onKey={composerKey}
        />
        <StyledLines lines={keyLines(COMPOSER_HINTS, width, height < 16 ? 1 : 2)} />
      </Box>
    </ColorsContext>
  )
}
