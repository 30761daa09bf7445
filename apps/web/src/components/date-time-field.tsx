import '@mantine/dates/styles.css';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/pl';
import { useTranslation } from 'react-i18next';

/** The calendar's language and the shown format, like the tables' (en-GB, pl-PL, de-LI; 24 h). */
interface DateTimeFormat {
  locale: string;
  valueFormat: string;
}
const english: DateTimeFormat = { locale: 'en-gb', valueFormat: 'DD/MM/YYYY HH:mm' };
const formats: Partial<Record<string, DateTimeFormat>> = {
  en: english,
  pl: { locale: 'pl', valueFormat: 'DD.MM.YYYY HH:mm' },
  de: { locale: 'de', valueFormat: 'DD.MM.YYYY HH:mm' },
};

export const dateTimeFormatOf = (language: string | undefined): DateTimeFormat =>
  formats[language ?? 'en'] ?? english;

/**
 * The one date-time picker of the app (issue 19): Mantine's calendar and time in the interface
 * language (month and day names, Monday first in pl and de), 24-hour time on 15-minute steps,
 * shown in the same format as the tables. Its value is Mantine's local 'YYYY-MM-DD HH:mm:ss'.
 * Heavy (@mantine/dates and dayjs): only pages that show one import it, or load it lazily.
 */
export default function DateTimeField(props: DateTimePickerProps) {
  const { t, i18n } = useTranslation();
  const { locale, valueFormat } = dateTimeFormatOf(i18n.resolvedLanguage ?? i18n.language);
  // Mantine leaves the calendar's arrows, the time fields and the apply button unnamed.
  const ariaLabels = {
    previousMonth: t('dates.previousMonth'),
    nextMonth: t('dates.nextMonth'),
    previousYear: t('dates.previousYear'),
    nextYear: t('dates.nextYear'),
    previousDecade: t('dates.previousDecade'),
    nextDecade: t('dates.nextDecade'),
  };
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <DateTimePicker
        valueFormat={valueFormat}
        clearable
        ariaLabels={ariaLabels}
        submitButtonProps={{ 'aria-label': t('dates.apply') }}
        clearButtonProps={{ 'aria-label': t('dates.clear') }}
        {...props}
        timePickerProps={{
          minutesStep: 15,
          withDropdown: true,
          format: '24h',
          hoursInputLabel: t('dates.hours'),
          minutesInputLabel: t('dates.minutes'),
          secondsInputLabel: t('dates.seconds'),
          ...props.timePickerProps,
        }}
      />
    </DatesProvider>
  );
}

export { DateTimeField };
