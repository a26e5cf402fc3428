import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';

type Props = {
  label: string;
  /** HTML. The server sanitizes it again on save, whatever the editor produced. */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string;
  /** The text's language when not English (`hi`), for screen readers, spelling and fonts. */
  lang?: string;
  /** The box's id, for focusing it on an error (one is made when absent). */
  id?: string;
};

/**
 * Rich text for product descriptions and blog posts (TipTap, a well-kept ProseMirror editor, in
 * the console's bundle only): headings, bold, italic, lists, quotes and links, which is what the
 * storefront's sanitizer keeps.
 */
export function RichTextEditor({ label, value, onChange, error, hint, lang, id: givenId }: Props) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    // TipTap's default stylesheet would be an inline <style>, which the CSP refuses: admin.css styles it.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(lang ? { lang } : {}),
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        class: 'rich-text-content',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  // A value loaded after the editor started (the record arrived) replaces its content once.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && (editor.isEmpty || !editor.isFocused)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const tool = (name: string, active: boolean | undefined, run: () => void) => (
    <button
      type="button"
      className="rich-text-tool"
      aria-pressed={active ?? false}
      onClick={run}
      disabled={!editor}
    >
      {name}
    </button>
  );

  const chain = () => editor!.chain().focus();
  return (
    <div className="form-field rich-text">
      <span className="form-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="rich-text-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        {tool('Bold', state?.bold, () => chain().toggleBold().run())}
        {tool('Italic', state?.italic, () => chain().toggleItalic().run())}
        {tool('Heading', state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('Subheading', state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {tool('Bullets', state?.bullet, () => chain().toggleBulletList().run())}
        {tool('Numbers', state?.ordered, () => chain().toggleOrderedList().run())}
        {tool('Quote', state?.quote, () => chain().toggleBlockquote().run())}
        {tool('Link', state?.link, () => {
          if (state?.link) {
            chain().unsetLink().run();
            return;
          }
          const href = window.prompt('Link address (https://…)');
          if (href && /^https?:\/\//i.test(href)) chain().setLink({ href }).run();
        })}
      </div>
      <EditorContent
        editor={editor}
        className={error ? 'rich-text-box rich-text-invalid' : 'rich-text-box'}
      />
      {hint && <p className="form-hint">{hint}</p>}
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
