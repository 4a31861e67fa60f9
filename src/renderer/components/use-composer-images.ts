import type { ClipboardEvent, DragEvent } from 'react'
import { draftKey } from '../state/app-state'
import { useActions } from '../state/chat-context'
import { imageAttachment } from './image-files'

/** Pasted or dropped images become the draft's attachments; anything else is left to the box. */
export function useComposerImages(sessionId: string | null) {
  const actions = useActions()
  const attachImages = (files: readonly File[]) => {
    for (const file of files)
      void imageAttachment(file).then((made) => {
        if (!made.ok) actions.showError(made.message)
        else if (!actions.addAttachment(draftKey(sessionId), made.attachment))
          actions.showError('A message carries at most 10 attachments.')
      })
  }
  return {
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
      const files = [...event.clipboardData.files].filter((f) => f.type.startsWith('image/'))
      if (files.length === 0) return
      event.preventDefault()
      attachImages(files)
    },
    onDragOver: (event: DragEvent<HTMLFormElement>) => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault()
    },
    onDrop: (event: DragEvent<HTMLFormElement>) => {
      if (event.dataTransfer.files.length === 0) return
      event.preventDefault()
      attachImages([...event.dataTransfer.files])
    },
  }
}
