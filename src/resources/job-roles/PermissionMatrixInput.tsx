import { Box, Checkbox, FormControlLabel, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ACTIONS, CLIENT_ENTITIES, ENTITIES, type Action, type Entity, type EntityPermission } from '../../domain/permissions';
import { usePhone } from '../shared/ResponsiveList';

/** The list of {entity, actions} for every entity, with false where nothing is granted. */
function toMatrix(value: EntityPermission[] | undefined): Record<Entity, Record<Action, boolean>> {
  const matrix = {} as Record<Entity, Record<Action, boolean>>;
  for (const entity of ENTITIES) {
    const found = value?.find((p) => p.entity === entity);
    matrix[entity] = { view: false, create: false, edit: false, delete: false, ...(found?.actions ?? {}) };
  }
  return matrix;
}

/** Entity-by-action checkboxes (one card per entity on phones); a client-specific role offers only the client-side entities. */
export function PermissionMatrixInput({ source = 'permissions' }: { source?: string }) {
  const translate = useTranslate();
  const scope = useWatch({ name: 'scope' }) as string | undefined;
  const { field } = useInput({ source, defaultValue: [] });
  const phone = usePhone();
  const matrix = toMatrix(field.value);
  const entities = scope === 'CLIENT_SPECIFIC_ROLE' ? CLIENT_ENTITIES : ENTITIES;

  const commit = (next: Record<Entity, Record<Action, boolean>>) =>
    field.onChange(
      entities
        .map((entity) => ({ entity, actions: next[entity] }))
        .filter((p) => ACTIONS.some((a) => p.actions[a])),
    );
  // A scope that offers fewer areas drops the grants it no longer shows, so nothing hidden is saved.
  const outOfScope = (field.value as EntityPermission[] | undefined)?.some((p) => !entities.includes(p.entity)) ?? false;
  useEffect(() => {
    if (outOfScope) commit(matrix);
  });
  const toggle = (entity: Entity, action: Action, checked: boolean) => {
    const row = { ...matrix[entity], [action]: checked };
    // Any other action implies seeing the area; hiding it removes the rest.
    if (action !== 'view' && checked) row.view = true;
    if (action === 'view' && !checked) ACTIONS.forEach((a) => (row[a] = false));
    commit({ ...matrix, [entity]: row });
  };
  const toggleRow = (entity: Entity, checked: boolean) =>
    commit({ ...matrix, [entity]: { view: checked, create: checked, edit: checked, delete: checked } });

  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('app.roles.matrix')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.roles.matrixHelp')}
      </Typography>
      {phone ? (
        // A table of five checkbox columns does not fit 375 px: each area gets a card with all its boxes in sight.
        <Stack spacing={1}>
          {entities.map((entity) => {
            const label = translate(`app.enums.entity.${entity}`);
            const all = ACTIONS.every((a) => matrix[entity][a]);
            return (
              <Paper key={entity} variant="outlined" role="group" aria-label={label} sx={{ px: 1.5, py: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="subtitle2" component="h3">
                    {label}
                  </Typography>
                  <FormControlLabel
                    label={translate('app.roles.all')}
                    labelPlacement="start"
                    sx={{ mr: 0 }}
                    control={<Checkbox checked={all} onChange={(e) => toggleRow(entity, e.target.checked)} slotProps={{ input: { 'aria-label': `${label}: ${translate('app.roles.all')}` } }} />}
                  />
                </Box>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)' }}>
                  {ACTIONS.map((action) => (
                    <FormControlLabel
                      key={action}
                      label={translate(`app.enums.action.${action}`)}
                      labelPlacement="bottom"
                      sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: '0.8125rem', textAlign: 'center' } }}
                      control={
                        <Checkbox
                          checked={matrix[entity][action]}
                          onChange={(e) => toggle(entity, action, e.target.checked)}
                          slotProps={{ input: { 'aria-label': `${label}: ${translate(`app.enums.action.${action}`)}` } }}
                        />
                      }
                    />
                  ))}
                </Box>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <TableContainer sx={{ maxWidth: 760, overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.roles.matrix')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.roles.entity')}</TableCell>
                {ACTIONS.map((action) => (
                  <TableCell key={action} align="center">
                    {translate(`app.enums.action.${action}`)}
                  </TableCell>
                ))}
                <TableCell align="center">{translate('app.roles.all')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entities.map((entity) => {
                const label = translate(`app.enums.entity.${entity}`);
                const all = ACTIONS.every((a) => matrix[entity][a]);
                return (
                  <TableRow key={entity} hover>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    {ACTIONS.map((action) => (
                      <TableCell key={action} align="center" padding="checkbox">
                        <Checkbox
                          checked={matrix[entity][action]}
                          onChange={(e) => toggle(entity, action, e.target.checked)}
                          slotProps={{ input: { 'aria-label': `${label}: ${translate(`app.enums.action.${action}`)}` } }}
                        />
                      </TableCell>
                    ))}
                    <TableCell align="center" padding="checkbox">
                      <Checkbox checked={all} onChange={(e) => toggleRow(entity, e.target.checked)} slotProps={{ input: { 'aria-label': `${label}: ${translate('app.roles.all')}` } }} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
