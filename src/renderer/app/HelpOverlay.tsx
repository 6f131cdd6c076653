import { Modal } from '../ui/Modal';
import { shortcutList } from './shortcuts';
import './help-overlay.css';

/** The `?` overlay: every keyboard shortcut, grouped by where it works. */
export function HelpOverlay({ apple, onClose }: { apple: boolean; onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      className="help-overlay"
      onClose={onClose}
      closeOnBackdrop
      onKeyDown={(e) => {
        if (e.key === '?') {
          onClose();
          e.preventDefault();
          e.stopPropagation();
        }
      }}
      actions={
        <button type="button" data-autofocus onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="help-groups">
        {shortcutList(apple).map((g) => (
          <section key={g.group}>
            <h3 className="subheading">{g.group}</h3>
            <table className="help-table">
              <tbody>
                {g.items.map((item) => (
                  <tr key={item.what}>
                    <td className="help-keys">
                      {item.keys.map((k, i) => (
                        <span key={k}>
                          {i > 0 && <span className="help-or"> or </span>}
                          <kbd>{k}</kbd>
                        </span>
                      ))}
                    </td>
                    <td>{item.what}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
      <p className="help-note">
        In a browser, Ctrl+T and Ctrl+W open and close the browser’s own tabs: use Alt+T and Alt+W
        there. Every action is also in the command palette.
      </p>
    </Modal>
  );
}
