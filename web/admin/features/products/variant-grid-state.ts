import type { ApiAdminVariants } from '../../../../shared/api/catalog-variants.schemas';
import type { GridAction } from './variant-grid';
import {
  type ColourNames,
  generateRows,
  type OptionDraft,
  optionsFromAnswer,
  type RowDefaults,
  type RowErrors,
  rowsFromAnswer,
  type VariantRow,
} from './variant-grid-model';

/**
 * The variant panel's state: the options and rows as typed, each row's messages, the ticked rows,
 * and the message shown beside the table. Every action keeps the objects of the rows it does not
 * touch, so only the changed rows re-render.
 */
export type GridState = {
  options: OptionDraft[];
  rows: VariantRow[];
  errors: Record<string, RowErrors>;
  selected: ReadonlySet<string>;
  message: string;
};

export type PanelAction =
  | GridAction
  | { type: 'reset'; answer: ApiAdminVariants }
  | { type: 'options'; options: OptionDraft[] }
  | { type: 'generate'; defaults: RowDefaults; colours: ColourNames }
  | { type: 'prices'; price?: string | undefined; mrp?: string | undefined }
  | { type: 'failed'; errors: Record<string, RowErrors>; message: string };

export function initialGridState(answer: ApiAdminVariants): GridState {
  return {
    options: optionsFromAnswer(answer.options),
    rows: rowsFromAnswer(answer.variants),
    errors: {},
    selected: new Set(),
    message: '',
  };
}

function withoutError(errors: Record<string, RowErrors>, key: string, field: keyof RowErrors) {
  if (!errors[key]?.[field]) return errors;
  const { [field]: _gone, ...rest } = errors[key]!;
  return { ...errors, [key]: rest };
}

const mapRow = (rows: VariantRow[], key: string, change: (row: VariantRow) => VariantRow) =>
  rows.map((row) => (row.key === key ? change(row) : row));

export function gridReducer(state: GridState, action: PanelAction): GridState {
  switch (action.type) {
    case 'reset': {
      // Ticked rows stay ticked after a save, for a price change followed by a stock change.
      const next = initialGridState(action.answer);
      const keys = new Set(next.rows.map((row) => row.key));
      return { ...next, selected: new Set([...state.selected].filter((key) => keys.has(key))) };
    }
    case 'options':
      return { ...state, options: action.options };
    case 'generate': {
      const rows = generateRows(state.options, state.rows, action.defaults, action.colours);
      const keys = new Set(rows.map((row) => row.key));
      return {
        ...state,
        rows,
        errors: {},
        message: '',
        selected: new Set([...state.selected].filter((key) => keys.has(key))),
      };
    }
    case 'edit':
      return {
        ...state,
        rows: mapRow(state.rows, action.key, (row) => ({ ...row, [action.field]: action.value })),
        errors: withoutError(state.errors, action.key, action.field),
      };
    case 'toggleImage':
      return {
        ...state,
        rows: mapRow(state.rows, action.key, (row) => ({
          ...row,
          images: row.images.includes(action.position)
            ? row.images.filter((p) => p !== action.position)
            : [...row.images, action.position].sort((a, b) => a - b),
        })),
        errors: withoutError(state.errors, action.key, 'images'),
      };
    case 'select': {
      const selected = new Set(state.selected);
      if (action.on) selected.add(action.key);
      else selected.delete(action.key);
      return { ...state, selected };
    }
    case 'selectAll':
      return { ...state, selected: new Set(action.on ? state.rows.map((row) => row.key) : []) };
    case 'remove': {
      const selected = new Set(state.selected);
      selected.delete(action.key);
      return { ...state, rows: state.rows.filter((row) => row.key !== action.key), selected };
    }
    case 'prices': {
      let errors = state.errors;
      const rows = state.rows.map((row) => {
        if (!state.selected.has(row.key)) return row;
        if (action.price !== undefined) errors = withoutError(errors, row.key, 'price');
        if (action.mrp !== undefined) errors = withoutError(errors, row.key, 'mrp');
        return {
          ...row,
          ...(action.price !== undefined ? { price: action.price } : {}),
          ...(action.mrp !== undefined ? { mrp: action.mrp } : {}),
        };
      });
      return { ...state, rows, errors };
    }
    case 'failed':
      return { ...state, errors: action.errors, message: action.message };
  }
}
