import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Markdown to HTML that is safe to show: marked renders (raw HTML passes through it), then
 * sanitize-html keeps only formatting tags, http(s)/mailto links and no attributes that run code
 * (no <script>, <style>, <iframe>, on* handlers or javascript: URLs survive).
 */
export const renderMarkdown = (markdown: string): string =>
  sanitizeHtml(marked.parse(markdown) as string, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'strong',
      'em',
      'del',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    },
  });
