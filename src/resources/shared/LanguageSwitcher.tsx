/**
 * The compact language switcher of specification section 2: a dropdown button labelled with the
 * selected option (the placeholder if one is given, English initially otherwise); its menu opens
 * below and to the right, each item shows an icon and a label, the current one is highlighted, and
 * picking one sets the label, writes the option's _id to the form field and closes the menu.
 */
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Avatar, Badge, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';
import { useDropdown } from './useDropdown';

/** Read by screen readers, not shown (the red dot says the same to the eye). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export interface LanguageOption {
  _id: string;
  label: string;
  iconName?: string | null;
}

/** The active content languages as choices (`{id, name}`), named in the interface language. */
export function useContentLanguageChoices() {
  const { choices, isPending } = useDropdown('questionLanguages');
  const { languageName } = useFormat();
  return { choices: choices.map((choice) => ({ ...choice, name: languageName(choice.id, choice.name) })), isPending };
}

/** The language's icon: its code in a small round badge (no flag images to ship or mistake). */
export const LanguageIcon = ({ option }: { option: LanguageOption }) => (
  <Avatar sx={{ width: 26, height: 26, fontSize: 10, fontWeight: 600, bgcolor: 'primary.light' }} aria-hidden>
    {option._id.slice(0, 2).toUpperCase()}
  </Avatar>
);

export function LanguageSwitcher({
  source,
  options,
  placeholder,
  flagged = [],
  onPick,
}: {
  source: string;
  options: LanguageOption[];
  placeholder?: string;
  /** Options to mark (e.g. languages whose content has an error). */
  flagged?: string[];
  /** Called after the field is written, with the picked option's _id. */
  onPick?: (id: string) => void;
}) {
  const translate = useTranslate();
  const { field } = useController({ name: source });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const selected = options.find((o) => o._id === field.value) ?? (placeholder ? undefined : options.find((o) => o._id === 'en'));
  const label = selected?.label ?? placeholder ?? 'English';

  function pick(id: string) {
    field.onChange(id);
    setAnchor(null);
    onPick?.(id);
  }

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={!!anchor}
        aria-label={translate('app.questionForm.language', { language: label })}
        startIcon={selected && <LanguageIcon option={selected} />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', borderColor: 'divider' }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      >
        {options.map((option) => (
          <MenuItem key={option._id} selected={option._id === selected?._id} onClick={() => pick(option._id)}>
            <ListItemIcon>
              <Badge color="error" variant="dot" invisible={!flagged.includes(option._id)}>
                <LanguageIcon option={option} />
              </Badge>
            </ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
            {flagged.includes(option._id) && <span style={visuallyHidden}>{translate('app.questionForm.languageHasErrors')}</span>}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
