import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';
import { ASSESSMENT_PATHS } from './api';

/** POST /api/assessments/:id/copy, then the copy opens in the wizard. */
export function useCopyAssessment() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const api = useApi();
  return async (id: string) => {
    try {
      const copy = await api.copyAssessment(id);
      notify('app.assessments.copied', { type: 'success', messageArgs: { name: copy.name } });
      navigate(ASSESSMENT_PATHS.edit(copy.id));
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    }
  };
}

