/**
 * react-admin's DateField and NumberField in the interface language's Indian locale (en-IN,
 * hi-IN); without `locales` they follow the browser, which is often US format. Dates go through
 * the one formatter (src/domain/format.ts), as everywhere else. Import these, not react-admin's.
 */
import { Typography } from '@mui/material';
import { NumberField as RaNumberField, sanitizeFieldRestProps, useFieldValue, useTranslate, type DateFieldProps, type NumberFieldProps } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';

/** A record's date ("28 Nov 2026"), with its time when `showTime` ("28 Nov 2026, 2:05 pm"; 14:05 in Hindi). */
export function DateField({ showTime = false, emptyText, className, ...props }: Omit<DateFieldProps, 'locales' | 'options' | 'showDate' | 'transform'>) {
  const value = useFieldValue(props);
  const translate = useTranslate();
  const { date, dateTime } = useFormat();
  const empty = value == null || value === '';
  if (empty && !emptyText) return null;
  const text = empty ? translate(emptyText!, { _: emptyText }) : showTime ? dateTime(value) : date(value);
  return (
    <Typography component="span" variant="body2" className={className} {...sanitizeFieldRestProps(props)}>
      {text}
    </Typography>
  );
}

export function NumberField(props: NumberFieldProps) {
  const { locale } = useFormat();
  return <RaNumberField locales={locale} {...props} />;
}
