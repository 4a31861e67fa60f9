/** The trays, one chunk loaded after the first frame (see deferred-parts.ts). */
export { AgentPermissionTray } from './agent-permission-tray'
export { FormRequestTray } from './form-request-tray'
export { PermissionTray } from './permission-tray'
export { LinkTray } from './link-tray'
export { SignInTray } from './sign-in-tray'
export { PermissionBatchTray } from './permission-batch-tray'
