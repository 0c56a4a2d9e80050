// HTTPS beside HTTP on one port for the sandbox stand-in: a ConnectLink must be https (pattern ^https://) while the suite calls over
// HTTP; the first byte tells them apart (a TLS handshake starts with 0x16). Self-signed for 127.0.0.1 and localhost (ignoreHTTPSErrors).
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import type * as Forge from 'node-forge';
import { pooledKeyPair } from '../../helpers/auth/key-pool.js';

export interface TlsCredentials {
  key: string;
  cert: string;
}

let made: TlsCredentials | undefined;

/** A self-signed certificate for 127.0.0.1 and localhost, valid from yesterday for 30 days, one per process, the run's pooled key. */
export function selfSignedCertificate(): TlsCredentials {
  if (made) return made;
  // The key pair from Node (fast, native); node-forge only writes and signs the certificate.
  const { publicKey, privateKey } = pooledKeyPair('stand-in-tls');
  const key = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // Loaded here, on a stand-in's first start: every worker of the financial data checks imports this module.
  const forge = createRequire(import.meta.url)('node-forge') as typeof Forge;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial number (leading 01), random so that two starts never share one.
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  const name = [
    { name: 'commonName', value: '127.0.0.1' },
    { name: 'organizationName', value: 'Sandbox stand-in (self-signed)' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(key), forge.md.sha256.create());
  made = { key, cert: forge.pki.certificateToPem(cert) };
  return made;
}

/** Makes `server` also answer TLS on its port; answers a function ending the TLS connections, to call before closing `server`. */
export function acceptTlsOnSamePort(server: Server, credentials: TlsCredentials): () => void {
  const secure = https.createServer(credentials, (req, res) => server.emit('request', req, res));
  // A client that aborts its handshake is no error of ours.
  secure.on('tlsClientError', (_error, socket) => socket.destroy());
  const plain = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    // Until a handler owns the socket, an error (a reset before the first byte) just ends it.
    const early = () => socket.destroy();
    socket.on('error', early);
    const peek = () => {
      const chunk = socket.read(1) as Buffer | null;
      if (chunk === null) return void socket.once('readable', peek);
      socket.removeListener('error', early);
      socket.unshift(chunk);
      if (chunk[0] === 0x16) secure.emit('connection', socket);
      else for (const listener of plain) listener.call(server, socket);
    };
    socket.once('readable', peek);
  });
  return () => secure.closeAllConnections();
}
