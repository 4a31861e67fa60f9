/** Where the web host (`parley serve`) takes its WebSocket: `ws://127.0.0.1:PORT/ws?token=…`. */
export const WEB_SOCKET_PATH = '/ws'
