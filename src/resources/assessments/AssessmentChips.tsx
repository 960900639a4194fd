/** An assessment's status and type as the lists and pages show them. */
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AssessmentStatus, AssessmentType } from '../../domain/assessment';

const STATUS_COLOURS: Record<AssessmentStatus, ChipProps['color']> = { DRAFT: 'warning', ACTIVE: 'success', CLOSED: 'default' };

export function AssessmentStatusChip({ status }: { status: AssessmentStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status]} label={translate(`app.enums.assessmentStatus.${status}`)} />;
}

export function AssessmentTypeChip({ type }: { type: AssessmentType }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate(`app.enums.assessmentType.${type}`)} />;
}
