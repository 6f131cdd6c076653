import { CONNECTION_COLORS } from '../../shared/api/connection';
import { useDraftForm } from './draft-form';

/**
 * The connection's colour tag: native radio buttons drawn as round swatches, so the arrow keys
 * move between colours and the group is one Tab stop.
 */
export function ColorTagPicker() {
  const { draft, set } = useDraftForm();
  return (
    <div className="field">
      <span id="color-label">Colour tag</span>
      <div className="swatches" role="radiogroup" aria-labelledby="color-label">
        {CONNECTION_COLORS.map((c) => (
          <input
            key={c}
            type="radio"
            name="color-tag"
            value={c}
            aria-label={c}
            title={c}
            className={`swatch color-${c}`}
            checked={draft.color === c}
            onChange={() => set('color', c)}
          />
        ))}
      </div>
    </div>
  );
}
