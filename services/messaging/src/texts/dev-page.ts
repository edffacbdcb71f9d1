import type { SentText } from './sent-texts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const phone = (d: string) => (d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : d);

/** The dev page of sent texts: newest first, like the dev mailbox. */
export function renderSentTexts(texts: SentText[]): string {
  const items = texts
    .map(
      (t) => `
  <article>
    <header>
      <strong>to ${escape(phone(t.to))}</strong>
      <span>${escape(t.purpose)}</span>
      <time datetime="${t.sentAt.toISOString()}">${escape(t.sentAt.toLocaleString())}</time>
    </header>
    <pre>${escape(t.body ?? '(sent through Twilio; the text is not kept)')}</pre>
  </article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev texts (${texts.length})</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: .75rem; }
  header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin-bottom: .5rem; }
  header span, header time { color: #555; }
  pre { white-space: pre-wrap; font-size: 1.1rem; margin: 0; }
</style>
</head>
<body>
<h1>Dev texts</h1>
<p>Every text the app sends locally lands here instead of a phone. Newest first. <a href="">Refresh</a></p>
${items || '<p>No texts yet.</p>'}
</body>
</html>`;
}
