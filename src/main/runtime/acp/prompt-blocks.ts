import type * as acp from '@agentclientprotocol/sdk'
import { pathToFileURL } from 'node:url'
import { basename, join } from 'node:path'
import { FILE_MENTION_CHARS } from '../../../shared/attachments'
import { goneText, type LoadedAttachment } from '../projects/message-attachments'

/**
 * A user message as an ACP prompt: its text, then each attachment as the agent said it takes
 * them (`promptCapabilities`). A mentioned file is an embedded `resource` (the text as attached)
 * where the agent takes embedded context, else a `resource_link` to the file, which every agent
 * must accept; an image is `image` content where the agent takes images, else a line saying it
 * was left out, so the agent knows the person sent one.
 */
export function promptBlocks(
  text: string,
  attachments: readonly LoadedAttachment[],
  context: { workspace: string; capabilities: acp.PromptCapabilities | undefined },
): acp.ContentBlock[] {
  const blocks: acp.ContentBlock[] = [{ type: 'text', text }]
  for (const attachment of attachments) {
    switch (attachment.kind) {
      case 'file': {
        const uri = pathToFileURL(join(context.workspace, attachment.path)).href
        if (context.capabilities?.embeddedContext) {
          blocks.push({
            type: 'resource',
            resource: { uri, text: attachment.text, mimeType: 'text/plain' },
          })
          if (attachment.cut)
            blocks.push({
              type: 'text',
              text: `[${attachment.path} is longer: only its first ${FILE_MENTION_CHARS} characters are attached]`,
            })
        } else blocks.push({ type: 'resource_link', uri, name: basename(attachment.path) })
        break
      }
      case 'image':
        blocks.push(
          context.capabilities?.image
            ? {
                type: 'image',
                data: attachment.bytes.toString('base64'),
                mimeType: attachment.mediaType,
              }
            : {
                type: 'text',
                text: `[The person attached the image ${attachment.name}; it was not sent, as this agent does not accept images]`,
              },
        )
        break
      case 'gone':
        blocks.push({ type: 'text', text: goneText(attachment.label) })
        break
    }
  }
  return blocks
}
