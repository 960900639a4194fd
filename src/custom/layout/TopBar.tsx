import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, Collapse, IconButton, List, ListItemButton, ListItemText, ListSubheader, Menu, MenuItem, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useEffect, useState } from 'react';
import { LoadingIndicator, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { DESKTOP_BREAKPOINT } from '../../domain/constants';
import { CLIENT_ASSESSMENTS, CONTENT_LIBRARY, inContentLibrary, isLibraryItemActive, isNavItemActive, shortenName, TOP_NAV, type NavItem } from '../../domain/navigation';
import type { Profile } from '../../providers/authProvider';
import { LanguageMenu } from './LanguageMenu';
import { AppBarLogo } from '../../resources/clients/ClientLogo';
import { ProfileMenu } from './ProfileMenu';

/** The items of the top navigation this user may see, in the specification's order. */
export function visibleNavigation(profile: Profile) {
  return {
    main: TOP_NAV.filter((item) => item.visible(profile)),
    library: CONTENT_LIBRARY.filter((item) => item.visible(profile)),
    clientAssessments: CLIENT_ASSESSMENTS.visible(profile) ? CLIENT_ASSESSMENTS : null,
  };
}

export function TopBar({ profile }: { profile: Profile }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const desktop = useMediaQuery(`(min-width:${DESKTOP_BREAKPOINT + 1}px)`, { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const [libraryAnchor, setLibraryAnchor] = useState<HTMLElement | null>(null);
  const nav = visibleNavigation(profile);
  const libraryActive = inContentLibrary(pathname);

  // The collapsed menu closes on navigation and locks the page behind it from scrolling.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    const open = menuOpen && !desktop;
    document.body.style.overflow = open ? 'hidden' : '';
    return () => {
      document.body.style.overflow = '';
    };
  }, [menuOpen, desktop]);

  /** Even gaps: without minWidth 0, a short label ("ऑर्डर") is centred in MUI's 64 px button. */
  const navItemSx = (active: boolean) => ({ textTransform: 'none', fontSize: 15, minWidth: 0, px: 1.25, borderBottom: 2, borderColor: active ? 'common.white' : 'transparent', borderRadius: 0 }) as const;

  const navButton = (item: NavItem) => (
    <Button
      key={item.key}
      component={Link}
      to={item.path}
      color="inherit"
      aria-current={isNavItemActive(pathname, item) ? 'page' : undefined}
      sx={navItemSx(isNavItemActive(pathname, item))}
    >
      {translate(`app.nav.${item.key}`)}
    </Button>
  );

  return (
    <AppBar position="sticky" elevation={1} component="header">
      <Toolbar sx={{ gap: 1, minHeight: 64 }}>
        {!desktop && (
          <IconButton color="inherit" edge="start" onClick={() => setMenuOpen((o) => !o)} aria-label={translate(menuOpen ? 'app.nav.closeMenu' : 'app.nav.openMenu')} aria-expanded={menuOpen} aria-controls="main-navigation">
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        )}
        <AppBarLogo />
        {desktop && (
          <Box component="nav" id="main-navigation" aria-label={translate('app.nav.mainMenu')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 3, flexWrap: 'wrap' }}>
            {nav.main.map(navButton)}
            {nav.library.length > 0 && (
              <>
                <Button
                  color="inherit"
                  endIcon={<ExpandMoreIcon />}
                  onClick={(e) => setLibraryAnchor(e.currentTarget)}
                  aria-haspopup="menu"
                  aria-current={libraryActive ? 'true' : undefined}
                  sx={navItemSx(libraryActive)}
                >
                  {translate('app.nav.contentLibrary')}
                </Button>
                <Menu anchorEl={libraryAnchor} open={!!libraryAnchor} onClose={() => setLibraryAnchor(null)}>
                  {nav.library.map((item) => (
                    <MenuItem key={item.key} component={Link} to={item.path} onClick={() => setLibraryAnchor(null)} selected={isLibraryItemActive(pathname, item)}>
                      {translate(`app.nav.${item.key}`)}
                    </MenuItem>
                  ))}
                </Menu>
              </>
            )}
            {nav.clientAssessments && navButton(nav.clientAssessments)}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        <LoadingIndicator />
        {desktop && (
          <Typography component="span" sx={{ whiteSpace: 'nowrap' }} title={profile.name}>
            {translate('app.greeting', { name: shortenName(profile.name) })}
          </Typography>
        )}
        <LanguageMenu />
        <ProfileMenu profile={profile} />
      </Toolbar>
      {!desktop && (
        <Collapse in={menuOpen} timeout="auto" unmountOnExit>
          <Box component="nav" id="main-navigation" aria-label={translate('app.nav.mainMenu')} sx={{ bgcolor: 'background.paper', color: 'text.primary', maxHeight: 'calc(100vh - 64px)', overflowY: 'auto' }}>
            <Typography sx={{ px: 2, pt: 1.5 }} color="text.secondary">
              {translate('app.greeting', { name: shortenName(profile.name) })}
            </Typography>
            <List>
              {nav.main.map((item) => (
                <ListItemButton key={item.key} component={Link} to={item.path} selected={isNavItemActive(pathname, item)}>
                  <ListItemText primary={translate(`app.nav.${item.key}`)} />
                </ListItemButton>
              ))}
              {nav.library.length > 0 && <ListSubheader>{translate('app.nav.contentLibrary')}</ListSubheader>}
              {nav.library.map((item) => (
                <ListItemButton key={item.key} component={Link} to={item.path} selected={isLibraryItemActive(pathname, item)} sx={{ pl: 4 }}>
                  <ListItemText primary={translate(`app.nav.${item.key}`)} />
                </ListItemButton>
              ))}
              {nav.clientAssessments && (
                <ListItemButton component={Link} to={nav.clientAssessments.path} selected={isNavItemActive(pathname, nav.clientAssessments)}>
                  <ListItemText primary={translate('app.nav.assessments')} />
                </ListItemButton>
              )}
            </List>
          </Box>
        </Collapse>
      )}
    </AppBar>
  );
}
