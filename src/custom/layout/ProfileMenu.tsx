import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Divider, IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLogout, useResourceDefinitions, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PROFILE_MENU, ROUTES } from '../../domain/navigation';
import type { Profile } from '../../providers/authProvider';

/** The first-letter button and its menu: per-permission entries, then Locations, Change Password, Logout. */
export function ProfileMenu({ profile }: { profile: Profile }) {
  const translate = useTranslate();
  const logout = useLogout();
  const resources = useResourceDefinitions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const letter = Array.from(profile.name.trim() || profile.email)[0]?.toUpperCase() ?? '?';
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('app.nav.profileMenu')} aria-haspopup="menu" size="small">
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 16 }}>{letter}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { sx: { minWidth: 220 } } }}>
        <MenuItem component={Link} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.nav.profile')}
        </MenuItem>
        <Divider />
        {PROFILE_MENU.filter((item) => item.visible(profile)).map((item) => {
          // Every entry has an icon column, so the labels line up: the resource's own icon.
          const Icon = resources[item.path.slice(1)]?.icon ?? ChevronRightIcon;
          return (
            <MenuItem key={item.key} component={Link} to={item.path} onClick={close}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              {translate(`app.nav.${item.key}`)}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={Link} to={ROUTES.changePassword} onClick={close}>
          <ListItemIcon>
            <LockIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.nav.changePassword')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.nav.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
