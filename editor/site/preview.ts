import { PREVIEW_PATH, PREVIEW_TICKET, previewedFiles } from '../../content/previews';

// Her editor's preview pane shows the page a file she edits is on, as the site renders it
// (decision 0073): Sveltia CMS draws a preview template (a React component, with its own React)
// inside a frame of its own, and gives it the entry as she has it now, in the pane's language.
// The template posts the file to /admin/preview on this host into a frame inside it, and again
// when she pauses typing; the server checks the file as the build would and renders the page
// with the site's views and stylesheet (server/admin/preview/). Nothing leaves this host. Each
// post carries the ticket her login left in this origin's storage (server/editorLogin/page.ts):
// without a valid one the server renders nothing and the pane asks her to log in again.

/** The entry as the editor hands it to a template: an Immutable.js Map. */
interface PreviewEntry {
  get(key: 'path'): string;
  get(key: 'data'): { toJS(): unknown };
}

interface Props {
  entry: PreviewEntry;
}

interface Template {
  props: Props;
  form?: HTMLFormElement | null;
  timer?: ReturnType<typeof setTimeout>;
  post(): void;
}

type Element = unknown;
type H = (type: string, props: Record<string, unknown> | null, ...children: Element[]) => Element;
type CreateClass = (spec: ThisType<Template> & Record<string, unknown>) => unknown;

export interface PreviewCms {
  registerPreviewTemplate(name: string, component: unknown): void;
}

/** The frame the page is posted into, inside the editor's preview frame. */
const FRAME = 'site-preview';
/** A pause in her typing before the page is asked for again. */
const PAUSE_MS = 400;

const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement;

function template(h: H, createClass: CreateClass): unknown {
  return createClass({
    post() {
      const { form } = this;
      if (!form) return;
      field(form, 'file').value = this.props.entry.get('path');
      field(form, 'json').value = JSON.stringify(this.props.entry.get('data').toJS());
      // Read at each post: a new login replaces it while the pane is open.
      field(form, PREVIEW_TICKET.field).value = localStorage.getItem(PREVIEW_TICKET.stored) ?? '';
      form.submit();
    },
    componentDidMount() {
      this.post();
    },
    componentDidUpdate() {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.post(), PAUSE_MS);
    },
    componentWillUnmount() {
      clearTimeout(this.timer);
    },
    render() {
      const ref = (form: HTMLFormElement | null) => {
        this.form = form;
      };
      return h(
        'div',
        null,
        h(
          'form',
          // Whole: the editor's frame is a blob: document, against whose address no path resolves.
          { ref, method: 'post', action: new URL(PREVIEW_PATH, location.origin).href, target: FRAME, hidden: true },
          h('input', { type: 'hidden', name: 'file' }),
          h('input', { type: 'hidden', name: 'json' }),
          h('input', { type: 'hidden', name: PREVIEW_TICKET.field }),
        ),
        h('iframe', {
          name: FRAME,
          title: 'Siden, som den vil se ud',
          style: { position: 'fixed', inset: 0, width: '100%', height: '100%', border: 0 },
        }),
      );
    },
  });
}

/** The site's preview for every file that shows on a page (content/previews.ts). */
export function registerPreview(cms: PreviewCms, h: H, createClass: CreateClass): void {
  const component = template(h, createClass);
  for (const name of previewedFiles) cms.registerPreviewTemplate(name, component);
}
