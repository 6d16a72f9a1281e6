import { Button, HTMLSelect } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import type { PageSize } from './types';

export const PAGE_SIZES: readonly PageSize[] = [10, 20, 50, 100];

interface TablePagerProps {
  pageIndex: number;
  pageCount: number;
  pageSize: PageSize;
  onPageSize: (size: PageSize) => void;
  onPrevious: () => void;
  onNext: () => void;
  t: TFunction;
}

export function TablePager({ pageIndex, pageCount, pageSize, onPageSize, onPrevious, onNext, t }: TablePagerProps) {
  return (
    <div className="tessera-dt__pager">
      <label className="tessera-dt__page-size">
        <span>{t('table.pageSize')}</span>
        <HTMLSelect
          minimal
          aria-label={t('table.pageSize')}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.currentTarget.value) as PageSize)}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
        />
      </label>
      <Button
        variant="minimal"
        size="small"
        icon={<ChevronLeftIcon />}
        aria-label={t('table.previousPage')}
        disabled={pageIndex <= 0}
        onClick={onPrevious}
      />
      <span className="tessera-dt__page-of" aria-live="polite">
        {t('table.pageOf', { page: pageIndex + 1, pages: pageCount })}
      </span>
      <Button
        variant="minimal"
        size="small"
        icon={<ChevronRightIcon />}
        aria-label={t('table.nextPage')}
        disabled={pageIndex >= pageCount - 1}
        onClick={onNext}
      />
    </div>
  );
}
TablePager.displayName = 'TablePager';
