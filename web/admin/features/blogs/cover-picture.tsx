import { useId, useRef, useState } from 'react';
import { uploadImages } from '../../../../shared/api/media';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES } from '../../../../shared/api/media.schemas';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { toast } from '../../../lib/toast';
import { uploadFiles } from '../../lib/admin-api';
import '../../components/row-buttons.css';

export type CoverImage = { url: string; public_id?: string; width?: number; height?: number; alt?: string };

/**
 * A post's cover picture: the current one (or none), a button to upload another through the
 * upload endpoint (checked there by content), and a way to take it off. The post itself is saved
 * with the form.
 */
export function CoverPicture({
  images,
  onChange,
  title,
}: {
  images: readonly CoverImage[];
  onChange: (images: CoverImage[]) => void;
  /** The post's title, for the picture's description. */
  title: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const cover = images[0];

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      toast.error(`${file.name} is larger than 10 MB. Please choose a smaller picture.`, { autoClose: 6000 });
      return;
    }
    setUploading(true);
    try {
      const [uploaded] = await uploadFiles(uploadImages, [file]);
      if (uploaded) {
        onChange([
          {
            url: uploaded.url,
            public_id: uploaded.public_id,
            width: uploaded.width,
            height: uploaded.height,
          },
        ]);
        toast.success('Picture uploaded. Save the post to use it.', { autoClose: 4000 });
      }
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <fieldset className="cover-picture">
      <legend className="form-label">Cover picture</legend>
      <div className="cover-picture-body">
        {cover ? (
          <img className="cover-picture-preview" src={cover.url} alt={`Cover of ${title || 'this post'}`} />
        ) : (
          <div className="cover-picture-empty">No picture</div>
        )}
        <div className="cover-picture-actions">
          <label className="button button--plain" htmlFor={id} aria-disabled={uploading || undefined}>
            {uploading ? 'Uploading…' : cover ? 'Replace picture' : 'Upload a picture'}
          </label>
          <input
            ref={input}
            id={id}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="visually-hidden"
            disabled={uploading}
            onChange={(event) => void upload(event.target.files)}
          />
          {cover && (
            <button
              type="button"
              className="button button--plain"
              disabled={uploading}
              onClick={() => onChange([])}
            >
              Remove picture
            </button>
          )}
          <p className="form-hint">
            JPEG, PNG or WebP up to 10 MB; shown at the top of the post and in lists.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
