import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** The form's native selects: a field's look, at the height of its text fields. */
export const selectClasses = cn(control, 'min-h-[2.875rem] appearance-auto pr-2');
