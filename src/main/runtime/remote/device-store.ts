import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { PairedDeviceSchema, type PairedDevice } from '../../../shared/devices'
import { writePrivateFile } from '../settings/private-file'

const StoredDeviceSchema = PairedDeviceSchema.extend({
  /** sha256 of the device's token, hex. The token itself is never stored. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
})
type StoredDevice = z.infer<typeof StoredDeviceSchema>
const DevicesFileSchema = z.object({ devices: z.array(StoredDeviceSchema).max(1_000) })

/** Devices whose last use is written at most this often (a phone calls many times a minute). */
const LAST_USE_WRITE_MS = 60_000

const hashToken = (token: string) => createHash('sha256').update(token).digest()

/**
 * The devices paired to answer from afar, in `<data-dir>/remote/devices.json` (0600): each with
 * its name, when it paired and was last used, and a hash of its token. A token is shown once, to
 * the device that paired; a revoked device's hash is gone, so its token opens nothing, and the
 * host is told at once so its open sockets close.
 */
export class DeviceStore {
  readonly path: string
  #devices: StoredDevice[]
  readonly #listeners = new Set<(change: { revoked: string }) => void>()

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.path = join(dataDir, 'remote', 'devices.json')
    this.#devices = this.#read()
  }

  #read(): StoredDevice[] {
    try {
      const parsed = DevicesFileSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')))
      return parsed.success ? parsed.data.devices : []
    } catch {
      return []
    }
  }

  #save(): Promise<void> {
    return writePrivateFile(this.path, `${JSON.stringify({ devices: this.#devices }, null, 2)}\n`)
  }

  list(): PairedDevice[] {
    return this.#devices.map(({ tokenHash: _hash, ...device }) => device)
  }

  /** A new device and its token (shown to it once; only its hash is kept). */
  async add(name: string): Promise<{ device: PairedDevice; token: string }> {
    const token = randomBytes(32).toString('base64url')
    const stored: StoredDevice = {
      id: randomUUID(),
      name: name.trim().slice(0, 120) || 'A device',
      pairedAt: this.now(),
      lastUsedAt: null,
      tokenHash: hashToken(token).toString('hex'),
    }
    this.#devices = [...this.#devices, stored]
    await this.#save()
    const { tokenHash: _hash, ...device } = stored
    return { device, token }
  }

  /** The device a token belongs to (compared in constant time), or null. */
  verify(token: string): PairedDevice | null {
    const given = hashToken(token)
    const found = this.#devices.find((d) => timingSafeEqual(Buffer.from(d.tokenHash, 'hex'), given))
    if (!found) return null
    const { tokenHash: _hash, ...device } = found
    return device
  }

  /** Notes a device's use; written to disk at most once a minute per device. */
  used(id: string): void {
    const at = this.now()
    const device = this.#devices.find((d) => d.id === id)
    if (!device) return
    const stale = device.lastUsedAt === null || at - device.lastUsedAt >= LAST_USE_WRITE_MS
    device.lastUsedAt = at
    if (stale) void this.#save().catch(() => undefined)
  }

  /** Forgets a device: its token opens nothing from now on. False when there is no such device. */
  async revoke(id: string): Promise<boolean> {
    const before = this.#devices.length
    this.#devices = this.#devices.filter((d) => d.id !== id)
    if (this.#devices.length === before) return false
    await this.#save()
    for (const listener of this.#listeners) listener({ revoked: id })
    return true
  }

  onRevoked(listener: (change: { revoked: string }) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
