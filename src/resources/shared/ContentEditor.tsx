import {
  ClearButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';

/**
 * The rich-text editor with the specification's formats only (bold, italic, underline, strike,
 * code, lists, link, image, quote): what the server's sanitiser keeps, nothing it would drop.
 */
export function ContentEditor(props: RichTextInputProps) {
  return (
    <RichTextInput
      fullWidth
      toolbar={
        <RichTextInputToolbar size="small">
          <FormatButtons size="small" />
          <ListButtons size="small" />
          <LinkButtons size="small" />
          <ImageButtons size="small" />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
        </RichTextInputToolbar>
      }
      sx={{ '& .ProseMirror': { minHeight: 180 } }}
      {...props}
    />
  );
}
