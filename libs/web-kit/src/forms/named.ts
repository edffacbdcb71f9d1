/** A field's props: the form supplies value, onChange and error; a visible label is required. */
export type Named<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error'> & { name: string; label: string };
