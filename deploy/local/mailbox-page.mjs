// The dev mailbox page: a plain list of messages, newest first, each with its HTML body rendered
// in a sandboxed iframe (links open in a new tab so verification links are one click away).

const escape = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
}[c]));

function body(message) {
  if (message.html) {
    // <base target=_blank>: links leave the iframe; allow-popups lets them open.
    const doc = `<base target="_blank">${message.html}`;
    return `<iframe title="${escape(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(doc)}"></iframe>`;
  }
  const linked = escape(message.text).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}" target="_blank">${u}</a>`);
  return `<pre>${linked}</pre>`;
}

/** A mail's attachments as download links (data: URLs: the sink keeps them in the message itself). */
function files(m) {
  const list = (m.attachments ?? []).map((a) => {
    const data = a.encoding === 'base64' ? a.content : Buffer.from(a.content, 'utf8').toString('base64');
    return `<li><a download="${escape(a.filename)}" href="data:${escape(a.contentType.split(';')[0])};base64,${data}">${escape(a.filename)}</a></li>`;
  });
  return list.length ? `<p>Attachments:</p><ul>${list.join('')}</ul>` : '';
}

/** The newest this many are rendered (each is an iframe): a whole test run sends hundreds. */
export const MAILBOX_PAGE_SIZE = 50;

export function renderMailbox(messages) {
  const items = messages.slice(0, MAILBOX_PAGE_SIZE).map((m) => `
  <article>
    <header>
      <strong>${escape(m.subject) || '(no subject)'}</strong>
      <span>to ${escape(Array.isArray(m.to) ? m.to.join(', ') : m.to)}</span>
      <time datetime="${escape(m.date)}">${escape(new Date(m.date).toLocaleString())}</time>
    </header>
    ${body(m)}
    ${files(m)}
  </article>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox (${messages.length})</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: .75rem; }
  header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin-bottom: .5rem; }
  header span, header time { color: #555; }
  iframe { width: 100%; min-height: 18rem; border: 1px solid #eee; }
  pre { white-space: pre-wrap; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Every email the app sends locally lands here. Newest first${messages.length > MAILBOX_PAGE_SIZE ? ` (the ${MAILBOX_PAGE_SIZE} newest of ${messages.length} shown; /dev/mailbox/api/messages has them all)` : ''}. <a href="">Refresh</a></p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}
