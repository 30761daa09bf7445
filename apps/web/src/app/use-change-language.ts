import type { Language } from '@vigil/contracts';
import { useUpdateLanguage } from '../features/profile/api/update-language';
import { changeLanguage } from '../lib/i18n';
import { useSession } from '../lib/session';

/** Switches the language here and, when signed in, saves it for the person (PUT /api/user/language). */
export function useChangeLanguage(): (language: Language) => void {
  const signedIn = useSession() !== null;
  const updateLanguage = useUpdateLanguage();
  return (language) => {
    void changeLanguage(language);
    if (signedIn) updateLanguage.mutate(language);
  };
}
