import { z } from 'zod'
import { IdSchema } from './ids'
import { LIMITS } from './limits'
import { CheckpointSkipSchema } from './session-events'

/** How many changed files a checkpoint's summary names (the dialog shows them all). */
export const CHANGED_FILES_SHOWN = 500

/**
 * A point a session's files can be rewound to: the start of one of its turns. (A rewind's own
 * checkpoint, which undoes it, is restored by the id its `checkpoint` record carries.)
 */
export const CheckpointSummarySchema = z.strictObject({
  turnId: IdSchema,
  /** The message that started the turn. */
  messageText: z.string().max(LIMITS.messageText),
  createdAt: z.number(),
  /** Files the turn changed (from its start to its end), at most `CHANGED_FILES_SHOWN`. */
  changedFiles: z.array(z.string().max(LIMITS.path)).max(CHANGED_FILES_SHOWN),
})
export type CheckpointSummary = z.infer<typeof CheckpointSummarySchema>

/** What restoring a checkpoint would do to one file, with both sides for a diff. */
export const RewindFileSchema = z.strictObject({
  path: z.string().max(LIMITS.path),
  /** restored: written back as it was; recreated: deleted since, written again; removed: created since. */
  change: z.enum(['restored', 'recreated', 'removed']),
  /** Changed since by someone else than this session's turns (by hand): shown, never overwritten unasked. */
  conflict: z.boolean(),
  /** The text now, and in the checkpoint (null: absent, binary or too large to show). */
  now: z.string().nullable(),
  then: z.string().nullable(),
  /** Why no text is shown though the file is there. */
  hidden: z.enum(['binary', 'too_large']).optional(),
})
export type RewindFile = z.infer<typeof RewindFileSchema>

/** What a rewind to a checkpoint would change, before anything is written. */
export const RewindPreviewSchema = z.strictObject({
  files: z.array(RewindFileSchema).max(5_000),
  /** Files not in a checkpoint (too large, binary past the budget, …): left as they are. */
  leftAsIs: z.array(CheckpointSkipSchema).max(2_000),
  /** Whether the conversation can be rewound too, and if not, why (an ACP agent). */
  conversation: z.union([
    z.strictObject({ ok: z.literal(true) }),
    z.strictObject({ ok: z.literal(false), message: z.string() }),
  ]),
})
export type RewindPreview = z.infer<typeof RewindPreviewSchema>

export const RestoreWhatSchema = z.enum(['files', 'conversation', 'both'])
export type RestoreWhat = z.infer<typeof RestoreWhatSchema>
