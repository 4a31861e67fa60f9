import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { generate } from 'selfsigned'
import { writePrivateFile } from '../../../main/runtime/settings/private-file'

export interface TlsCertificate {
  key: string
  cert: string
}

/**
 * The remote listener's certificate: self-signed, made once (by `selfsigned`) for this machine's
 * names and addresses at that time, and kept in `<data-dir>/remote/` (the key 0600) so a phone
 * that accepted it once is not asked again at every start.
 */
export async function loadOrCreateCertificate(
  dataDir: string,
  addresses: readonly string[],
): Promise<TlsCertificate> {
  const keyPath = join(dataDir, 'remote', 'tls-key.pem')
  const certPath = join(dataDir, 'remote', 'tls-cert.pem')
  try {
    const [key, cert] = await Promise.all([readFile(keyPath, 'utf8'), readFile(certPath, 'utf8')])
    if (key.includes('PRIVATE KEY') && cert.includes('CERTIFICATE')) return { key, cert }
  } catch {
    // Not made yet (or unreadable): made below.
  }
  const notAfterDate = new Date()
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 5)
  const pems = await generate([{ name: 'commonName', value: 'Parley on this computer' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          ...['127.0.0.1', ...addresses].map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  })
  await writePrivateFile(keyPath, pems.private)
  await writePrivateFile(certPath, pems.cert)
  return { key: pems.private, cert: pems.cert }
}
