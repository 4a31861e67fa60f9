#!/usr/bin/env node
// Draws resources/icon.png (512×512 RGBA): a rounded indigo square with a white speech bubble
// holding three dots — "the agent is waiting for you". Pure Node (zlib for PNG deflate), so the
// icon can be regenerated anywhere: `node resources/generate-icon.mjs`.
import { Buffer } from 'node:buffer'
import { writeFileSync } from 'node:fs'
import { URL } from 'node:url'
import { deflateSync } from 'node:zlib'

const SIZE = 512
const SAMPLES = 4 // per axis, for anti-aliased edges

/** Signed distance to a rounded rectangle centred at (cx, cy). Negative inside. */
function roundedRect(x, y, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(x - cx) - halfW + radius
  const qy = Math.abs(y - cy) - halfH + radius
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0))
  return outside + Math.min(Math.max(qx, qy), 0) - radius
}

/** Inside the triangle (tail of the bubble)? */
function inTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy)
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay)
  const neg = d1 < 0 || d2 < 0 || d3 < 0
  const pos = d1 > 0 || d2 > 0 || d3 > 0
  return !(neg && pos)
}

const top = [99, 102, 241] // indigo-500
const bottom = [67, 56, 202] // indigo-700
const white = [255, 255, 255]

/** Colour and coverage of one sample point. */
function sample(x, y) {
  if (roundedRect(x, y, 256, 256, 240, 240, 104) > 0) return null
  const t = y / SIZE
  const background = top.map((c, i) => c + (bottom[i] - c) * t)
  const inBubble =
    roundedRect(x, y, 256, 236, 150, 104, 64) <= 0 ||
    inTriangle(x, y, [170, 320], [250, 320], [150, 400])
  if (!inBubble) return background
  for (const dx of [-72, 0, 72]) if (Math.hypot(x - (256 + dx), y - 236) <= 26) return background
  return white
}

const raw = Buffer.alloc((SIZE * 4 + 1) * SIZE)
for (let py = 0; py < SIZE; py++) {
  const row = py * (SIZE * 4 + 1)
  raw[row] = 0 // filter: none
  for (let px = 0; px < SIZE; px++) {
    let r = 0
    let g = 0
    let b = 0
    let a = 0
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = sample(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES)
        if (!colour) continue
        r += colour[0]
        g += colour[1]
        b += colour[2]
        a += 1
      }
    }
    const offset = row + 1 + px * 4
    if (a > 0) {
      raw[offset] = Math.round(r / a)
      raw[offset + 1] = Math.round(g / a)
      raw[offset + 2] = Math.round(b / a)
    }
    raw[offset + 3] = Math.round((255 * a) / (SAMPLES * SAMPLES))
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buffer) {
  let c = 0xffffffff
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

const header = Buffer.alloc(13)
header.writeUInt32BE(SIZE, 0)
header.writeUInt32BE(SIZE, 4)
header[8] = 8 // bit depth
header[9] = 6 // colour type: RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
])
writeFileSync(new URL('./icon.png', import.meta.url), png)
