/**
 * react-admin's DateField and NumberField in the interface language's Indian locale (en-IN,
 * hi-IN); without `locales` they follow the browser, which is often US format. Import these, not
 * react-admin's.
 */
import { DateField as RaDateField, NumberField as RaNumberField, type DateFieldProps, type NumberFieldProps } from 'react-admin';
import { useFormat } from '../../i18n/useFormat';

export function DateField(props: DateFieldProps) {
  const { locale } = useFormat();
  // Date and time as formatDateTime writes them elsewhere (a date alone keeps react-admin's UTC day).
  const options: Intl.DateTimeFormatOptions | undefined = props.showTime && props.showDate !== false ? { dateStyle: 'medium', timeStyle: 'short' } : undefined;
  return <RaDateField locales={locale} options={options} {...props} />;
}

export function NumberField(props: NumberFieldProps) {
  const { locale } = useFormat();
  return <RaNumberField locales={locale} {...props} />;
}
