import { Grid, Select, Text, TextInput } from '@mantine/core';
import { countryCodes } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

const countryOf = { '+44': 'gb', '+91': 'in', '+1': 'us' } as const;

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

interface PhoneFieldsProps {
  countryCode: FieldProps;
  phoneNumber: FieldProps & { onBlur?: () => void };
  required?: boolean;
}

/** Country code (+44 default, +91, +1) beside the national number (spec platform 5). */
export function PhoneFields({ countryCode, phoneNumber, required = true }: PhoneFieldsProps) {
  const { t } = useTranslation();
  const data = countryCodes.map((code) => ({
    value: code,
    label: `${countryOf[code].toUpperCase()} ${code}`,
  }));
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <Select
          label={t('phone.countryCode')}
          data={data}
          allowDeselect={false}
          required={required}
          value={countryCode.value}
          onChange={(value) => {
            if (value) countryCode.onChange(value);
          }}
          error={countryCode.error}
          comboboxProps={{ withinPortal: true, width: 240, position: 'bottom-start' }}
          renderOption={({ option }) => (
            <span>
              {option.label}{' '}
              <Text span c="dimmed" fz="sm">
                {t(`countries.${countryOf[option.value as (typeof countryCodes)[number]]}`)}
              </Text>
            </span>
          )}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 7 }}>
        <TextInput
          label={t('phone.number')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={t('phone.numberPlaceholder')}
          required={required}
          value={phoneNumber.value}
          onChange={(event) => {
            phoneNumber.onChange(event.currentTarget.value);
          }}
          onBlur={phoneNumber.onBlur}
          error={phoneNumber.error}
        />
      </Grid.Col>
    </Grid>
  );
}
