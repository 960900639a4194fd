/**
 * What an application from the careers page adds to a card on the board: where it came from, a link
 * to the résumé (its read address), the screening answers (each question in the interface language
 * where the job wrote it, else English), and, when no invitation could be sent, why, with the
 * invitation to send once credits are there again.
 */
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { Alert, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { questionText } from '../../domain/careers';
import { can } from '../../domain/permissions';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { boardQueryKey, type BoardCard } from './api';

/** Sends the invitation an applicant did not get (no credits then); the board shows it at once. */
function InviteButton({ card }: { card: BoardCard }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = useApi();
  const { jobId = '' } = useParams();
  const [busy, setBusy] = useState(false);
  const invite = async () => {
    setBusy(true);
    try {
      await api.inviteCard(card.id);
      await queryClient.invalidateQueries({ queryKey: boardQueryKey(jobId) });
      notify('app.careers.application.invited', { type: 'success', messageArgs: { name: card.name } });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" disabled={busy} onClick={invite} sx={{ mt: 0.5 }} aria-label={translate('app.careers.application.inviteName', { name: card.name })}>
      {translate('app.careers.application.invite')}
    </Button>
  );
}

export function ApplicationDetails({ card }: { card: BoardCard }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  const answers = card.screeningAnswers ?? [];
  if (card.source !== 'CAREERS' && !card.invitationNote) return null;
  const answersId = `answers-${card.id}`;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" alignItems="center">
        {card.source === 'CAREERS' && (
          <Chip size="small" variant="outlined" color="primary" icon={<PublicIcon />} label={translate('app.careers.application.sourceShort')} title={translate('app.careers.application.source')} />
        )}
        {card.resumeUrl && (
          <Link href={card.resumeUrl} target="_blank" rel="noopener noreferrer" variant="body2" aria-label={translate('app.careers.application.resumeOf', { name: card.name })} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
            <DescriptionIcon fontSize="inherit" />
            {translate('app.careers.application.resume')}
          </Link>
        )}
        {answers.length > 0 && (
          <Button size="small" sx={{ minWidth: 0, py: 0 }} aria-expanded={open} aria-controls={answersId} aria-label={translate('app.careers.application.answersOf', { name: card.name })} onClick={() => setOpen(!open)}>
            {translate('app.careers.application.answers')}
          </Button>
        )}
      </Stack>
      {card.invitationNote === 'NO_CREDITS' && (
        <>
          <Alert severity="warning" variant="outlined" sx={{ mt: 0.5, py: 0, px: 1, fontSize: '0.8rem' }}>
            {translate('app.careers.application.noInvitation')}
          </Alert>
          {can(profile, 'CANDIDATES', 'create') && <InviteButton card={card} />}
        </>
      )}
      {open && (
        <Box component="dl" id={answersId} sx={{ m: 0, mt: 0.5 }}>
          {answers.map((answer) => (
            <Box key={answer.questionId} sx={{ mb: 0.5 }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {questionText(answer.text, locale)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {answer.kind === 'YES_NO' ? translate(answer.answer === 'YES' ? 'app.careers.application.yes' : 'app.careers.application.no') : answer.answer}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
