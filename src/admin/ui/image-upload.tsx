import { useState } from 'react';
import type { UploadResponse } from '../../contract/index.ts';
import { uploadMedia } from '../lib/upload.ts';

export interface ImageUpload {
  uploading: boolean;
  /** The last upload failed (cleared when the next one starts). */
  failed: boolean;
  upload: (file: File) => Promise<void>;
}

/** One image sent to the media library (the agency's logo, a team member's photo); `use` keeps its answer. */
export function useImageUpload(use: (item: UploadResponse) => void): ImageUpload {
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    setFailed(false);
    try {
      use(await uploadMedia(file));
    } catch (error) {
      console.error(error);
      setFailed(true);
    } finally {
      setUploading(false);
    }
  };
  return { uploading, failed, upload };
}

interface ImagePickerProps {
  image: ImageUpload;
  /** Whether an image is set (the button then offers to change it, and `remove` appears). */
  present: boolean;
  labels: { add: string; change: string; remove: string };
  onRemove: () => void;
}

/** The button that picks an image from the device (uploaded at once), and the one that removes it. */
export function ImagePicker({ image, present, labels, onRemove }: ImagePickerProps) {
  return (
    <>
      <label className="btn btn-outline">
        {image.uploading ? 'Téléversement…' : present ? labels.change : labels.add}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="visually-hidden"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void image.upload(file);
            e.target.value = '';
          }}
        />
      </label>
      {present && (
        <button type="button" className="adm-link-btn" onClick={onRemove}>
          {labels.remove}
        </button>
      )}
    </>
  );
}
