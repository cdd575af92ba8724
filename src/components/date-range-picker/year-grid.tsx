import { ActionIcon, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { UI_DATE_PICKER } from './copy';
import { isYearOutside, YEARS_PER_PAGE, yearPage } from './parse';

interface YearGridProps {
  /** The year shown when the grid opens. */
  year: number;
  /** The chosen value's year, marked as pressed. */
  selectedYear: number | null;
  minDate: string | null;
  maxDate: string | null;
  color: string;
  onPick: (year: number) => void;
}

/**
 * Spec §2/§9 year chooser with 12 years a page. Mantine's decade level is fixed at 10 years, so
 * this one grid replaces it; Mantine's month and year levels are still used around it.
 */
export function YearGrid({ year, selectedYear, minDate, maxDate, color, onPick }: YearGridProps) {
  const [pageYear, setPageYear] = useState(year);
  const years = yearPage(pageYear);
  const first = years[0] ?? pageYear;
  const last = years[years.length - 1] ?? pageYear;
  const caption = `${first} – ${last}`;
  return (
    <Stack gap="xs" miw={240}>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={UI_DATE_PICKER.previousYears}
          disabled={isYearOutside(first - 1, minDate, maxDate)}
          onClick={() => setPageYear(first - YEARS_PER_PAGE)}
        >
          ‹
        </ActionIcon>
        <Text fw={600} size="sm" aria-live="polite">
          {caption}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={UI_DATE_PICKER.nextYears}
          disabled={isYearOutside(last + 1, minDate, maxDate)}
          onClick={() => setPageYear(last + 1)}
        >
          ›
        </ActionIcon>
      </Group>
      <SimpleGrid cols={3} spacing={4} role="group" aria-label={caption}>
        {years.map((y) => (
          <Button
            key={y}
            size="xs"
            color={color}
            variant={y === selectedYear ? 'filled' : 'subtle'}
            aria-pressed={y === selectedYear}
            disabled={isYearOutside(y, minDate, maxDate)}
            onClick={() => onPick(y)}
          >
            {y}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
