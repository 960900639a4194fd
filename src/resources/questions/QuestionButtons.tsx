/**
 * What can be done to one question from its page and from its form: edit (a draft reopens in the
 * creating flow), copy, and delete after 'Are you sure you want to delete?' / 'You won't get it back'.
 */
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { mayCreateQuestions, mayDeleteQuestion, mayEditQuestion, type QuestionRef as QuestionOfWorkflow } from '../../domain/questionWorkflow';
import { useProfile } from '../../custom/layout/useProfile';
import { translateMessage } from '../../i18n/messages';
import { useApi } from '../../providers/useApi';

type QuestionRef = QuestionOfWorkflow & { id: string };

/** Where a question is edited: drafts carry on in the creating flow, others open in update mode. */
export const editPathOf = (q: QuestionRef) => (q.status === 'DRAFTED' ? `/new-questionV2/${q.id}` : `/edit-question/${q.id}`);

export function EditQuestionButtons({ question }: { question: QuestionRef }) {
  const translate = useTranslate();
  const profile = useProfile();
  if (!profile) return null;
  return (
    <>
      {mayEditQuestion(profile, question) && (
        <Button component={Link} to={editPathOf(question)} variant="outlined">
          {translate('app.questionForm.edit')}
        </Button>
      )}
      {mayCreateQuestions(profile) && (
        <Button component={Link} to={`/clone-question/${question.id}`}>
          {translate('app.questionForm.clone')}
        </Button>
      )}
      <DeleteQuestionButton question={question} />
    </>
  );
}

export function DeleteQuestionButton({ question, disabled = false }: { question: QuestionRef; disabled?: boolean }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!profile || !mayDeleteQuestion(profile, question)) return null;

  async function remove() {
    setBusy(true);
    try {
      await api.deleteQuestion(String(question.id));
      // Leave first, so the deleted question is not fetched again by the page being left.
      navigate('/questions');
      queryClient.removeQueries({ queryKey: ['questions', 'getOne'] });
      queryClient.removeQueries({ queryKey: ['question', question.id] });
      await queryClient.invalidateQueries({ queryKey: ['questions'] });
      notify('app.questionForm.deleted', { type: 'success' });
    } catch (e) {
      notify(translateMessage(translate, (e as Error).message), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <>
      <Button color="error" disabled={disabled || busy} onClick={() => setOpen(true)}>
        {translate('ra.action.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.questionForm.deleteTitle"
        content="app.questionForm.deleteBody"
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
