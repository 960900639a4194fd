import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { translateMessage } from '../../i18n/messages';
import { request } from '../../providers/httpClient';
import { ASSESSMENT_PATHS, assessmentUrl, type AssessmentRecord } from './api';

/** POST /api/assessments/:id/copy, then the copy opens in the wizard. */
export function useCopyAssessment() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  return async (id: string) => {
    try {
      const copy = await request<AssessmentRecord>({ url: `${assessmentUrl(id)}/copy`, method: 'POST' });
      notify('app.assessments.copied', { type: 'success', messageArgs: { name: copy.name } });
      navigate(ASSESSMENT_PATHS.edit(copy.id));
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    }
  };
}

