// Passkeys (WebAuthn): the server's options (JSON, binary fields in
// base64url, as github.com/go-webauthn/webauthn writes them) turned into
// what navigator.credentials takes, and the credential it makes turned
// back into the JSON the server reads (the PublicKeyCredential JSON form
// of WebAuthn level 3, §5.1.8 and §5.1.9).

// passkeysAvailable says whether this browser has WebAuthn at all and the
// page's host can be a relying party.
// Passkeys need a domain name: WebAuthn takes no IP address as its relying
// party, so on http://127.0.0.1 the buttons are not shown (localhost works).
export const passkeysAvailable = (host = location.hostname): boolean =>
  'PublicKeyCredential' in window && !!navigator.credentials && !isIPAddress(host);

// isIPAddress tells an IPv4 or IPv6 literal host from a name.
export const isIPAddress = (host: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');

// fromB64url reads base64url (padded or not) into bytes.
export function fromB64url(s: string): ArrayBuffer {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

// toB64url writes bytes as unpadded base64url.
export function toB64url(b: ArrayBuffer | ArrayBufferView): string {
  const bytes = b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  let bin = '';
  for (const x of bytes) bin += String.fromCharCode(x);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// DescriptorJSON is a credential descriptor with its id in base64url.
interface DescriptorJSON { type: PublicKeyCredentialType; id: string; transports?: AuthenticatorTransport[] }

// CreationOptionsJSON is PublicKeyCredentialCreationOptions as JSON.
export interface CreationOptionsJSON extends Omit<PublicKeyCredentialCreationOptions, 'challenge' | 'user' | 'excludeCredentials'> {
  challenge: string;
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: DescriptorJSON[];
}

// RequestOptionsJSON is PublicKeyCredentialRequestOptions as JSON.
export interface RequestOptionsJSON extends Omit<PublicKeyCredentialRequestOptions, 'challenge' | 'allowCredentials'> {
  challenge: string;
  allowCredentials?: DescriptorJSON[];
}

const descriptor = (d: DescriptorJSON): PublicKeyCredentialDescriptor => ({ type: d.type, id: fromB64url(d.id), transports: d.transports });

// creationOptions decodes the server's registration options.
export function creationOptions(o: CreationOptionsJSON): PublicKeyCredentialCreationOptions {
  return { ...o, challenge: fromB64url(o.challenge), user: { ...o.user, id: fromB64url(o.user.id) }, excludeCredentials: o.excludeCredentials?.map(descriptor) };
}

// requestOptions decodes the server's sign-in options.
export function requestOptions(o: RequestOptionsJSON): PublicKeyCredentialRequestOptions {
  return { ...o, challenge: fromB64url(o.challenge), allowCredentials: o.allowCredentials?.map(descriptor) };
}

// CredentialJSON is a made credential as the server reads it.
export interface CredentialJSON {
  id: string;
  rawId: string;
  type: string;
  authenticatorAttachment?: string;
  clientExtensionResults: AuthenticationExtensionsClientOutputs;
  response: Record<string, string | string[]>;
}

// credentialJSON encodes what navigator.credentials made: a registration
// (an attestation) or a sign-in (an assertion).
export function credentialJSON(c: PublicKeyCredential): CredentialJSON {
  const r = c.response;
  const response: Record<string, string | string[]> = { clientDataJSON: toB64url(r.clientDataJSON) };
  if (r instanceof AuthenticatorAttestationResponse) {
    response.attestationObject = toB64url(r.attestationObject);
    response.transports = r.getTransports();
  } else if (r instanceof AuthenticatorAssertionResponse) {
    response.authenticatorData = toB64url(r.authenticatorData);
    response.signature = toB64url(r.signature);
    if (r.userHandle) response.userHandle = toB64url(r.userHandle);
  }
  return {
    id: c.id, rawId: toB64url(c.rawId), type: c.type, authenticatorAttachment: c.authenticatorAttachment ?? undefined,
    clientExtensionResults: c.getClientExtensionResults(), response,
  };
}
