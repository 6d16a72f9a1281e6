import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** A labelled input whose error (a locale key) shows under it. */
export function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, placeholder, disabled }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ? t(error, { min: 5, max: 30 }) : undefined}>
      <InputGroup id={id} type={type} value={value} autoComplete={autoComplete} placeholder={placeholder} disabled={disabled}
        intent={error ? 'danger' : 'none'} onChange={(e) => onChange(e.currentTarget.value)} aria-invalid={!!error} />
    </FormGroup>
  );
}
TextField.displayName = 'TextField';
