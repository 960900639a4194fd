/** A checkbox bound to a boolean field of the surrounding form (react-admin's BooleanInput is a switch). */
import { Checkbox, FormControlLabel } from '@mui/material';
import { useController } from 'react-hook-form';

export function CheckboxInput({ source, label }: { source: string; label: string }) {
  const { field } = useController({ name: source });
  return <FormControlLabel control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />} label={label} />;
}
