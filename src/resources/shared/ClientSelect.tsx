/**
 * The client picker of provider staff on screens that show one client at a time (hiring stages,
 * a client's dashboard). Clients' own users never see it: the server scopes them to their client.
 */
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDropdown } from './useDropdown';


export function ClientSelect({ value, onChange, label, noneLabel }: {
  value: string;
  onChange: (clientId: string) => void;
  /** A translation key. */
  label: string;
  /** The choice of no client (a translation key), when the screen has a view without one. */
  noneLabel?: string;
}) {
  const translate = useTranslate();
  const clients = useDropdown('clients');
  return (
    <TextField select size="small" label={translate(label)} value={clients.isPending ? '' : value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 240 }}>
      {noneLabel && <MenuItem value="">{translate(noneLabel)}</MenuItem>}
      {clients.choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
