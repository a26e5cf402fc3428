import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';

/** An order line with the units not yet in a parcel. */
export type ShipLine = ApiAdminOrder['lines'][number] & { left: number };
/** Per line: ticked or not, and the units typed. */
export type ShipPicks = Record<string, { ticked: boolean; units: string }>;

const variantOf = (line: ShipLine) => line.options || line.color.name || line.color.title;

/** The lines still to ship: tick them and say how many units go in this parcel. */
export function ShipLines({
  lines,
  picks,
  onChange,
  error,
}: {
  lines: readonly ShipLine[];
  picks: ShipPicks;
  onChange: (picks: ShipPicks) => void;
  error: string | null;
}) {
  const set = (id: string, change: Partial<ShipPicks[string]>) => {
    const now = picks[id] ?? { ticked: false, units: '' };
    onChange({ ...picks, [id]: { ...now, ...change } });
  };
  return (
    <div className="ship-lines">
      <table className="data-table">
        <caption className="visually-hidden">Items to put in this parcel</caption>
        <thead>
          <tr>
            <th scope="col">Ship</th>
            <th scope="col">Item</th>
            <th scope="col" className="align-end">
              Units in this parcel
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const pick = picks[line._id] ?? { ticked: false, units: '' };
            const name = `${line.title} (${variantOf(line)})`;
            return (
              <tr key={line._id}>
                <td>
                  <input
                    type="checkbox"
                    checked={pick.ticked}
                    aria-label={`Ship ${name}`}
                    onChange={(event) => set(line._id, { ticked: event.target.checked })}
                  />
                </td>
                <td>
                  {line.title}
                  <span className="cell-sub">
                    {variantOf(line)} · {line.left} of {line.quantity} left to ship
                  </span>
                </td>
                <td className="align-end">
                  <input
                    type="number"
                    className="form-input compact units-input"
                    min={1}
                    max={line.left}
                    step={1}
                    inputMode="numeric"
                    disabled={!pick.ticked}
                    aria-label={`Units of ${name} in this parcel, at most ${line.left}`}
                    value={pick.units}
                    onChange={(event) => set(line._id, { units: event.target.value })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
