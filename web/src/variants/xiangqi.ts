// Xiangqi: the xiangqi board's plain variant; its board, notations and
// terminations are the xiangqi board kind's (variants.ts, xiangqi.ts).

import type { VariantModule } from '../variants';

export const xiangqi: VariantModule = {
  name: 'xiangqi',
  label: 'variant.xiangqi',
  tag: 'variant.xiangqi.tag',
  help: 'variant.xiangqi.help',
};
