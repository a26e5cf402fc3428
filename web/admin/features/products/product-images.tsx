import { useId, useRef, useState } from 'react';
import { PRODUCT_IMAGES_MAX } from '../../../../shared/api/catalog-admin.schemas';
import { deleteImage, uploadImages } from '../../../../shared/api/media';
import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../../../../shared/api/media.schemas';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { toast } from '../../../lib/toast';
import { adminApi, uploadFiles } from '../../lib/admin-api';

export type ProductImage = { url: string; public_id?: string; width?: number; height?: number; alt?: string };

/** "IMG_2041.JPG" says nothing; "red-kurta front.png" becomes "red kurta front". */
function describe(fileName: string): string {
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return /^(img|dsc|pxl|image|photo)?\s*\d*$/i.test(words) ? '' : words.slice(0, 300);
}

/** The 400 px copy of the shop's own pictures, for previews. */
const preview = (url: string) =>
  /\/media\/[^?#]+\.webp$/.test(url) ? url.replace(/\.webp$/, '-400.webp') : url;

/** One picture: its preview, its description, and moving or removing it. */
function ProductImageItem({
  image,
  index,
  last,
  inputId,
  onAltChange,
  onMove,
  onRemove,
}: {
  image: ProductImage;
  index: number;
  last: boolean;
  inputId: string;
  onAltChange: (alt: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <li className="product-image">
      <img
        src={preview(image.url)}
        alt={image.alt ? `Picture ${index + 1}: ${image.alt}` : `Picture ${index + 1}`}
        className="product-image-preview"
      />
      <div className="product-image-fields">
        <label className="form-label" htmlFor={`${inputId}-alt-${index}`}>
          Picture {index + 1} description
        </label>
        <input
          id={`${inputId}-alt-${index}`}
          className="form-input compact"
          value={image.alt ?? ''}
          maxLength={300}
          placeholder="What it shows, for people who cannot see it"
          onChange={(event) => onAltChange(event.target.value)}
        />
      </div>
      <div className="product-image-actions">
        <button
          type="button"
          className="button button--small"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={`Move picture ${index + 1} earlier`}
        >
          ↑
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={`Move picture ${index + 1} later`}
        >
          ↓
        </button>
        <button
          type="button"
          className="button button--small button--quiet-danger"
          onClick={onRemove}
          aria-label={`Remove picture ${index + 1}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * The product's pictures in the order the store shows them (the first is the card's): upload (JPEG,
 * PNG or WebP, checked again by the server), a description for each, move up or down, remove.
 * Pictures uploaded here and removed before saving are deleted from the server too; those the
 * product was saved with stay until the product no longer shows them.
 */
export function ProductImages({
  images,
  onChange,
  error,
}: {
  images: readonly ProductImage[];
  onChange: (images: ProductImage[]) => void;
  error?: string | undefined;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploadedHere = useRef(new Set<string>());
  const [uploading, setUploading] = useState(false);
  const room = PRODUCT_IMAGES_MAX - images.length;

  const upload = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const tooLarge = files.find((file) => file.size > UPLOAD_MAX_BYTES);
    if (tooLarge) {
      toast.error(`${tooLarge.name} is larger than 10 MB. Please choose a smaller picture.`, {
        autoClose: 6000,
      });
      return;
    }
    if (files.length > Math.min(room, UPLOAD_MAX_FILES)) {
      toast.error(
        room <= 0
          ? `A product can have at most ${PRODUCT_IMAGES_MAX} pictures.`
          : `Choose at most ${Math.min(room, UPLOAD_MAX_FILES)} pictures at a time.`,
        { autoClose: 6000 },
      );
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadFiles(uploadImages, files);
      for (const image of uploaded) uploadedHere.current.add(image.public_id);
      onChange([
        ...images,
        ...uploaded.map((image, i) => ({
          url: image.url,
          public_id: image.public_id,
          width: image.width,
          height: image.height,
          // A first description from the file's name ("red-kurta.jpg": "red kurta"), to improve on.
          alt: describe(files[i]?.name ?? ''),
        })),
      ]);
      toast.success(
        `${uploaded.length === 1 ? 'Picture' : `${uploaded.length} pictures`} uploaded. Save the product to use ${uploaded.length === 1 ? 'it' : 'them'}.`,
        { autoClose: 4000 },
      );
    } catch (failure) {
      reportSubmitError(failure);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [image] = next.splice(index, 1);
    next.splice(index + by, 0, image!);
    onChange(next);
  };

  const remove = (index: number) => {
    const image = images[index]!;
    onChange(images.filter((_, i) => i !== index));
    // Uploaded in this visit and never saved: nothing else can show it.
    if (image.public_id && uploadedHere.current.has(image.public_id)) {
      uploadedHere.current.delete(image.public_id);
      void adminApi.call(deleteImage, { params: { public_id: image.public_id } }).catch(() => {});
    }
  };

  const setAlt = (index: number, alt: string) =>
    onChange(images.map((image, i) => (i === index ? { ...image, alt } : image)));

  return (
    <fieldset className="product-images" aria-describedby={error ? `${inputId}-error` : undefined}>
      <legend className="form-label">Pictures</legend>
      <p className="form-hint">
        The first picture is the one lists show. JPEG, PNG or WebP up to 10 MB; the shop stores them as WebP
        in the sizes it needs.
      </p>
      {images.length === 0 ? (
        <p className="muted">No pictures yet: the store shows a placeholder.</p>
      ) : (
        <ol className="product-image-list">
          {images.map((image, index) => (
            <ProductImageItem
              key={image.url}
              image={image}
              index={index}
              last={index === images.length - 1}
              inputId={inputId}
              onAltChange={(alt) => setAlt(index, alt)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <div className="product-image-upload">
        <label
          className="button product-button"
          htmlFor={inputId}
          aria-disabled={uploading || room <= 0 || undefined}
        >
          {uploading ? 'Uploading…' : 'Add pictures'}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="visually-hidden"
          disabled={uploading || room <= 0}
          onChange={(event) => void upload(event.target.files)}
        />
        <span className="muted" aria-live="polite">
          {images.length} of {PRODUCT_IMAGES_MAX}
        </span>
      </div>
      {error && (
        <p className="form-error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
