import { useEffect, useState } from 'react';
import { ORIENTATIONS, type Orientation } from '../account-model';

const MAX_BYTES = 5 * 1024 * 1024;

/** A new picture chosen (an image of at most 5 MB), its preview and its rotation, until Save uploads it. */
export function useAvatarChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [orientation, setOrientation] = useState<Orientation>(0);
  const [photoError, setPhotoError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (f: File | null) => {
    setPhotoError(null);
    if (f && !f.type.startsWith('image/')) return setPhotoError('Please choose an image');
    if (f && f.size > MAX_BYTES) return setPhotoError('The picture is larger than 5 MB');
    setFile(f);
    setOrientation(0);
  };
  const rotate = () => setOrientation((o) => ORIENTATIONS[(ORIENTATIONS.indexOf(o) + 1) % ORIENTATIONS.length]);

  return { file, preview, orientation, photoError, setPhotoError, choose, rotate };
}

export type AvatarChoice = ReturnType<typeof useAvatarChoice>;
