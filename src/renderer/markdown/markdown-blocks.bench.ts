import { bench, describe } from 'vitest'
import { splitBlocks, type BlockSplit, NO_BLOCKS } from './markdown-blocks'
import { splitReply, type ReplySegments } from '../../ui-common/reply-segments'

const section = (n: number) =>
  `## Section ${n}\n\nThe **module ${n}** retries with _backoff_; see \`retry(${n})\`.\n\n- first\n- then ${n}\n\n\`\`\`ts\nfunction retry${n}() {\n  return ${n}\n}\n\`\`\`\n\n| a | b |\n| --- | --- |\n| x-${n} | ${n} |\n\n`
const reply = (bytes: number) => {
  let text = ''
  for (let n = 0; text.length < bytes; n++) text += section(n)
  return text
}
const short = reply(3_000)
const long = reply(200_000)

/** A reply already `from` characters long, as the renderer holds it, then 100 deltas of 40. */
function streamer(text: string, from: number) {
  const cuts0 = splitReply(text.slice(0, from), undefined)
  const split0: BlockSplit = splitBlocks(text.slice(cuts0.starts.at(-1) ?? 0, from))
  return () => {
    let cuts: ReplySegments = cuts0
    let split: BlockSplit = split0
    for (let end = from + 40; end <= from + 4_000; end += 40) {
      cuts = splitReply(text.slice(0, end), cuts, { appended: true })
      split = splitBlocks(text.slice(cuts.starts.at(-1) ?? 0, end), split)
    }
  }
}

const afterShort = streamer(short + short, short.length)
const afterLong = streamer(long + short, long.length)

describe('streaming markdown: work per delta does not grow with the reply', () => {
  bench('100 deltas at the end of a 3 KB reply', afterShort)
  bench('100 deltas at the end of a 200 KB reply', afterLong)
  bench('lex a whole 200 KB reply once (what re-parsing every frame would cost each frame)', () => {
    splitBlocks(long, NO_BLOCKS)
  })
})
