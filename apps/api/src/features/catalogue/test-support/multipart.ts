/** A multipart/form-data body with one file part, as a browser's upload form sends it. */
export function multipartBody(
  fileName: string,
  content: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----balie-test-boundary-7d1f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest content each type check recognises. */
export const SAMPLES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  /** A minimal Word document (a zip with [Content_Types].xml and word/document.xml). */
  docx: Buffer.from(
    'UEsDBBQAAAAIAO+6dl2Rp0i1vQAAAAIBAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbF2PwU7DMBBEf8XaK0o2cKgQitMDEkfooXzAyt6kVuNdyzal/XsckHrguJqZNzvj/hpXc+FcgoqFx34Aw+LUB1ksfB7fumfYT+PxlriYZpVi4VRrekEs7sSRSq+JpSmz5ki1nXnBRO5MC+PTMOzQqVSW2tWNAdP40dpy8GwOlOs7RbaA35o9enVfsTn7RgPz+hfbmi1QSmtwVNuTeBH/r7PTeQ6O7/mNlrI6LqXNiGt/VyIFedjwOI34O2r6AVBLAwQUAAAACADvunZdiB4k4WsAAAB+AAAAEQAAAHdvcmQvZG9jdW1lbnQueG1sRcxBDsIgEEDRqzQcoIMuXBBKz4KALUlnhjAoevvSlcufl3y7fvGYPqlKZlrUbdZqdbabyOGNido0mMT0Re2tFQMgYU/oZeaSaNiLK/o2sm7QucZSOSSRTBsecNf6AegzqWv55PgDZ+E/dydQSwECFAMUAAAACADvunZdkadItb0AAAACAQAAEwAAAAAAAAAAAAAAgAEAAAAAW0NvbnRlbnRfVHlwZXNdLnhtbFBLAQIUAxQAAAAIAO+6dl2IHiThawAAAH4AAAARAAAAAAAAAAAAAACAAe4AAAB3b3JkL2RvY3VtZW50LnhtbFBLBQYAAAAAAgACAIAAAACIAQAAAAA=',
    'base64',
  ),
  /** The start of a 64-bit Linux program. */
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]),
  /** The start of a Windows program. */
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(60)]),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};
